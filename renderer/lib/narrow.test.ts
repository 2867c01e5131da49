import { describe, expect, it } from 'vitest';
import { message, SELF_ID, sidebar } from '../testing/fixtures';
import { initials, reactionGlyph, unreadBadge } from './format';
import { composeTarget, conversationOf, messageInNarrow, narrowKey, narrowLabel, sameNarrow } from './narrow';

describe('narrow helpers', () => {
  it('treats narrows as equal regardless of topic case and DM id order', () => {
    expect(
      sameNarrow({ kind: 'topic', channelId: 1, topic: 'Plans' }, { kind: 'topic', channelId: 1, topic: 'plans' }),
    ).toBe(true);
    expect(sameNarrow({ kind: 'dm', userIds: [3, 2] }, { kind: 'dm', userIds: [2, 3] })).toBe(true);
    expect(sameNarrow({ kind: 'channel', channelId: 1 }, { kind: 'topic', channelId: 1, topic: '' })).toBe(false);
    expect(narrowKey({ kind: 'channel', channelId: 4 })).not.toBe(narrowKey({ kind: 'channel', channelId: 5 }));
  });

  it('puts the self-DM in the empty DM narrow only', () => {
    const selfDm = message({ channelId: null, dmUserIds: [SELF_ID] });
    expect(messageInNarrow(selfDm, { kind: 'dm', userIds: [] }, SELF_ID)).toBe(true);
    expect(messageInNarrow(selfDm, { kind: 'dm', userIds: [11] }, SELF_ID)).toBe(false);
    expect(messageInNarrow(message(), { kind: 'dm', userIds: [] }, SELF_ID)).toBe(false);
  });

  it('names narrows for screens and screen readers', () => {
    const data = sidebar();
    expect(narrowLabel({ kind: 'channel', channelId: 1 }, data)).toBe('#general');
    expect(narrowLabel({ kind: 'topic', channelId: 1, topic: '' }, data)).toBe('#general > general chat');
    // Someone the cache lacks reads as Zulip's "Unknown user" until main has looked them up.
    expect(narrowLabel({ kind: 'dm', userIds: [11, 99] }, data)).toBe('Alice Adams, Unknown user');
    expect(narrowLabel({ kind: 'dm', userIds: [] }, data)).toBe('You');
    expect(narrowLabel({ kind: 'channel', channelId: 42 }, null)).toBe('#channel 42');
  });

  it('sends a channel narrow to the typed topic and a topic narrow to its own', () => {
    expect(composeTarget({ kind: 'channel', channelId: 1 }, 'typed')).toEqual({
      kind: 'channel',
      channelId: 1,
      topic: 'typed',
    });
    expect(composeTarget({ kind: 'topic', channelId: 1, topic: 'own' }, 'typed')).toEqual({
      kind: 'channel',
      channelId: 1,
      topic: 'own',
    });
  });
});

describe('format helpers', () => {
  it('turns unicode emoji codes into glyphs, sequences included', () => {
    const base = { emojiName: 'x', reactionType: 'unicode_emoji', userIds: [] };
    expect(reactionGlyph({ ...base, emojiCode: '1f44d' })).toBe('👍');
    expect(reactionGlyph({ ...base, emojiCode: '1f468-200d-1f4bb' })).toBe('👨‍💻');
    expect(reactionGlyph({ ...base, emojiCode: 'zz-top' })).toBe(':x:');
    expect(reactionGlyph({ ...base, emojiCode: '110000' })).toBe(':x:');
    expect(reactionGlyph({ ...base, reactionType: 'realm_emoji', emojiCode: '1f44d' })).toBe(':x:');
  });

  it('makes initials and caps badges', () => {
    expect(initials('Alice Beatrice Adams')).toBe('AA');
    expect(initials('  zoë ')).toBe('Z');
    expect(initials('')).toBe('?');
    expect(unreadBadge(12)).toBe('12');
    expect(unreadBadge(5000)).toBe('999+');
  });
});

describe('conversationOf', () => {
  it('is the topic of a channel message, the DM without the user for a direct one', () => {
    expect(conversationOf(message({ channelId: 4, topic: 'plans' }), 10)).toEqual({
      kind: 'topic',
      channelId: 4,
      topic: 'plans',
    });
    expect(conversationOf(message({ channelId: null, dmUserIds: [12, 10, 11] }), 10)).toEqual({
      kind: 'dm',
      userIds: [11, 12],
    });
  });
});

import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { channelMessage, dmMessage, tempDir } from './fixtures';

let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  return () => store.close();
});

const topic = (channelId: number, t: string) => ({ kind: 'topic' as const, channelId, topic: t });

describe('MessagesRepo', () => {
  it('reads a narrow outwards from an anchor, oldest first, within bounds', () => {
    store.messages.upsertMany([
      channelMessage(1, 5, 'a'),
      channelMessage(2, 5, 'b'),
      channelMessage(3, 5, 'a'),
      channelMessage(4, 6, 'a'),
      channelMessage(7, 5, 'a'),
      dmMessage(8, '1,2'),
    ]);
    expect(store.messages.readBefore(topic(5, 'a'), 7, 0, 10).map((m) => m.id)).toEqual([1, 3]);
    expect(store.messages.readBefore(topic(5, 'a'), 8, 2, 10).map((m) => m.id)).toEqual([3, 7]);
    expect(store.messages.readAfter({ kind: 'channel', channelId: 5 }, 1, 100, 2).map((m) => m.id)).toEqual([2, 3]);
    expect(store.messages.readAfter({ kind: 'dm', dmKey: '1,2' }, 0, 8, 10).map((m) => m.id)).toEqual([8]);
    expect(store.messages.readAfter({ kind: 'dm', dmKey: '1,2' }, 0, 7, 10)).toEqual([]);
  });

  it('round-trips every stored field, and derives read state from the unreads table', () => {
    const m = channelMessage(42, 5, 'topic', {
      starred: true,
      otherFlags: ['mentioned'],
      lastEditTimestamp: 123,
      isMeMessage: true,
      avatarUrl: 'https://x/a.png',
      reactions: [
        { userId: 1, reactionType: 'unicode_emoji', emojiCode: '1f44d', emojiName: '+1' },
        { userId: 2, reactionType: 'unicode_emoji', emojiCode: '1f44d', emojiName: '+1' },
      ],
    });
    store.messages.upsertMany([m]);
    store.unreads.add([{ messageId: 42, channelId: 5, topic: 'topic', dmKey: null }]);
    const [back] = store.messages.getByIds([42]);
    expect(back).toEqual({ ...m, read: false });
    store.unreads.remove([42]);
    expect(store.messages.getByIds([42])[0]?.read).toBe(true);
  });

  it('reads heads (no content) that agree with the whole messages, for the IDs cached, in ID order', () => {
    store.messages.upsertMany([
      channelMessage(9, 5, 'Topic', { otherFlags: ['mentioned'] }),
      dmMessage(3, '1,2'),
      channelMessage(4, 6, 'a'),
    ]);
    store.unreads.add([{ messageId: 9, channelId: 5, topic: 'Topic', dmKey: null, mentioned: true }]);
    const heads = store.messages.headsByIds([9, 77, 3, 4]);
    expect(heads.map((h) => h.id)).toEqual([3, 4, 9]);
    expect(heads).toEqual(
      store.messages.getByIds([3, 4, 9]).map(({ id, senderId, channelId, topic, dmKey, otherFlags, read }) => ({
        id,
        senderId,
        channelId,
        topic,
        dmKey,
        otherFlags,
        read,
      })),
    );
    expect(heads[2]).toMatchObject({ read: false, otherFlags: ['mentioned'], topic: 'Topic' });
    expect(store.messages.headsByIds([])).toEqual([]);
  });

  it('replaces a message and its reactions on upsert', () => {
    store.messages.upsertMany([
      channelMessage(1, 5, 'a', {
        reactions: [{ userId: 1, reactionType: 'unicode_emoji', emojiCode: 'x', emojiName: 'x' }],
      }),
    ]);
    store.messages.upsertMany([channelMessage(1, 5, 'a', { content: '<p>new</p>' })]);
    const [m] = store.messages.getByIds([1]);
    expect(m?.content).toBe('<p>new</p>');
    expect(m?.reactions).toEqual([]);
  });

  it('replaces the reactions of cached messages in a batch that also brings new ones', () => {
    const thumbs = { userId: 1, reactionType: 'unicode_emoji', emojiCode: '1f44d', emojiName: '+1' };
    const heart = { userId: 2, reactionType: 'unicode_emoji', emojiCode: '2764', emojiName: 'heart' };
    store.messages.upsertMany([channelMessage(1, 5, 'a', { reactions: [thumbs] })]);
    store.messages.upsertMany([
      channelMessage(1, 5, 'a', { reactions: [heart] }),
      channelMessage(2, 5, 'a', { reactions: [thumbs, heart] }),
      channelMessage(3, 5, 'a'),
    ]);
    expect(store.messages.getByIds([1, 2, 3]).map((m) => m.reactions)).toEqual([[heart], [thumbs, heart], []]);
  });

  it('edits, moves, flags, reacts and deletes only cached messages and says which', () => {
    store.messages.upsertMany([channelMessage(1, 5, 'a'), channelMessage(2, 5, 'a')]);
    expect(store.messages.setContent(1, '<p>edited</p>', 99)).toBe(true);
    expect(store.messages.setContent(50, '<p>x</p>', 99)).toBe(false);
    expect(store.messages.move([1, 2, 3], 6, 'b', 100)).toEqual([1, 2]);
    expect(store.messages.setStarred([2, 3], true)).toEqual([2]);
    expect(store.messages.setOtherFlag([1], 'collapsed', true)).toEqual([1]);
    const r = { userId: 3, reactionType: 'unicode_emoji', emojiCode: '2764', emojiName: 'heart' };
    expect(store.messages.addReaction(1, r)).toBe(true);
    expect(store.messages.addReaction(9, r)).toBe(false);
    const [m1, m2] = store.messages.getByIds([1, 2]);
    expect(m1).toMatchObject({ content: '<p>edited</p>', lastEditTimestamp: 99, channelId: 6, topic: 'b' });
    expect(m1?.otherFlags).toEqual(['collapsed']);
    expect(m1?.reactions).toEqual([r]);
    expect(m2?.starred).toBe(true);
    store.messages.removeReaction(1, r);
    expect(store.messages.getByIds([1])[0]?.reactions).toEqual([]);
    expect(store.messages.deleteMany([2, 3])).toEqual([2]);
    expect(store.messages.getByIds([1, 2]).map((m) => m.id)).toEqual([1]);
  });

  it('refuses a row that is neither a channel message nor a DM', () => {
    expect(() => store.messages.upsertMany([channelMessage(1, 5, 'a', { channelId: null })])).toThrow(/CHECK/);
    expect(store.messages.has(1)).toBe(false);
  });
});

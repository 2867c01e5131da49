import { describe, expect, it } from 'vitest';
import { narrowShows, ScreenAttention, screenStateSchema } from '../../../main/notifications/attention';

describe('narrowShows', () => {
  it('a topic on screen shows its own topic (any case), a channel feed every topic, a DM only itself', () => {
    const topic = { kind: 'topic' as const, channelId: 1, topic: 'Lunch' };
    expect(narrowShows(topic, { kind: 'topic', channelId: 1, topic: 'lunch' })).toBe(true);
    expect(narrowShows(topic, { kind: 'topic', channelId: 1, topic: 'dinner' })).toBe(false);
    expect(narrowShows(topic, { kind: 'topic', channelId: 2, topic: 'Lunch' })).toBe(false);
    expect(narrowShows({ kind: 'channel', channelId: 1 }, { kind: 'topic', channelId: 1, topic: 'x' })).toBe(true);
    expect(narrowShows({ kind: 'dm', userIds: [3, 2] }, { kind: 'dm', userIds: [2, 3] })).toBe(true);
    expect(narrowShows({ kind: 'dm', userIds: [2] }, { kind: 'dm', userIds: [2, 3] })).toBe(false);
    expect(narrowShows({ kind: 'channel', channelId: 1 }, { kind: 'dm', userIds: [2] })).toBe(false);
  });
});

describe('ScreenAttention', () => {
  it('sees a conversation only on the account on screen, with the window focused', () => {
    const attention = new ScreenAttention();
    const dm = { kind: 'dm' as const, userIds: [2] };
    expect(attention.sees('a', dm)).toBe(false);
    attention.update({ accountId: 'a', narrow: dm, focused: true });
    expect(attention.sees('a', dm)).toBe(true);
    expect(attention.sees('b', dm)).toBe(false);
    attention.update({ accountId: 'a', narrow: dm, focused: false });
    expect(attention.sees('a', dm)).toBe(false);
    attention.update({ accountId: 'a', narrow: null, focused: true });
    expect(attention.sees('a', dm)).toBe(false);
  });

  it('believes only a well-formed report', () => {
    expect(screenStateSchema.safeParse({ accountId: 'a', narrow: null, focused: true }).success).toBe(true);
    expect(screenStateSchema.safeParse({ accountId: 'a', narrow: { kind: 'dm' }, focused: true }).success).toBe(false);
    expect(screenStateSchema.safeParse({ accountId: 'a', narrow: null, focused: 'yes' }).success).toBe(false);
  });
});

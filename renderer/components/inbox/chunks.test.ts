import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../lib/conversations';
import { chunksOf, steadyChunks, type ConversationGroup, type GroupHead } from './chunks';

const row = (key: string, unread = 1): Conversation => ({
  key,
  narrow: { kind: 'topic', channelId: 1, topic: key },
  group: '#general',
  title: key,
  latestId: 1,
  unread,
  muted: false,
  followed: false,
});
const head = (unread: number): GroupHead => ({ key: 'channel:1', color: '#000', unread, collapsed: false });

describe('steadyChunks', () => {
  const rows = Array.from({ length: 5 }, (_, i) => row(`t${i}`));
  const groups = (items: Conversation[], unread: number): (ConversationGroup & { head: GroupHead })[] => [
    { group: '#general', items, head: head(unread) },
  ];

  it('keeps the chunk objects that show the same rows, and takes the new one where a row changed', () => {
    const before = steadyChunks(chunksOf(groups(rows, 5), 2), []);
    const sameAgain = steadyChunks(chunksOf(groups([...rows], 5), 2), before);
    expect(sameAgain).toHaveLength(3);
    sameAgain.forEach((chunk, i) => expect(chunk).toBe(before[i]));

    const changed = [...rows];
    changed[3] = row('t3', 2);
    const after = steadyChunks(chunksOf(groups(changed, 6), 2), before);
    // The first chunk carries the group's heading, whose count changed; the second holds the row.
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.items[1]!.unread).toBe(2);
    expect(after[2]).toBe(before[2]);
  });

  it('never keeps a chunk whose rows moved to another place', () => {
    const before = steadyChunks(chunksOf(groups(rows, 5), 2), []);
    const reordered = [rows[1]!, rows[0]!, ...rows.slice(2)];
    const after = steadyChunks(chunksOf(groups(reordered, 5), 2), before);
    expect(after[0]).not.toBe(before[0]);
    expect(after[0]!.items.map((c) => c.key)).toEqual(['t1', 't0']);
    expect(after[1]).toBe(before[1]);
  });
});

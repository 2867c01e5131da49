import { describe, expect, it } from 'vitest';
import type { MessageView, Narrow } from '../../common/model';
import { PAGE_SIZE } from '../../common/opening';
import { message, SELF_ID, sidebar } from '../testing/fixtures';
import { NarrowSnapshots, reuseEqual, tallyOf } from './narrowSnapshots';

const general: Narrow = { kind: 'channel', channelId: 1 };
const other: Narrow = { kind: 'channel', channelId: 2 };

/** Messages `from`..`to` of channel 1, read unless listed in `unread`. */
function run(from: number, to: number, unread: number[] = []): MessageView[] {
  const list: MessageView[] = [];
  for (let id = from; id <= to; id++) list.push(message({ id, read: !unread.includes(id) }));
  return list;
}

describe('NarrowSnapshots', () => {
  it('shows a window left at the newest end again while the sidebar agrees it is current', () => {
    const kept = new NarrowSnapshots(SELF_ID);
    kept.keep(general, run(1, 50), true, true);
    const window = kept.take(general, { newestId: 50, unreadCount: 0 });
    expect(window?.messages.map((m) => m.id)).toEqual(run(1, 50).map((m) => m.id));
    expect(window?.foundOldest).toBe(true);
    expect(window?.firstUnreadId).toBeNull();
    // A message arrived since (the sidebar's newest is past the window's): not current.
    expect(kept.take(general, { newestId: 51, unreadCount: 0 })).toBeNull();
    // New unread messages, or ones read elsewhere that this page never heard of: not current.
    expect(kept.take(general, { newestId: 50, unreadCount: 1 })).toBeNull();
    expect(kept.take(general, null)).toBeNull();
    expect(kept.take(other, { newestId: 50, unreadCount: 0 })).toBeNull();
  });

  it('keeps nothing of a window away from the newest end, of the Combined feed, or of echoes alone', () => {
    const kept = new NarrowSnapshots(SELF_ID);
    kept.keep(general, run(1, 50), true, false);
    expect(kept.take(general, { newestId: 50, unreadCount: 0 })).toBeNull();
    kept.keep({ kind: 'all' }, run(1, 50), true, true);
    expect(kept.take({ kind: 'all' }, { newestId: 50, unreadCount: 0 })).toBeNull();
    kept.keep(general, [message({ id: -1, localId: 'l1' })], true, true);
    expect(kept.take(general, { newestId: 0, unreadCount: 0 })).toBeNull();
  });

  it('cuts the window as an opening would: a page above the first unread message, or the last page', () => {
    const kept = new NarrowSnapshots(SELF_ID);
    kept.keep(general, run(1, 300, [250, 260]), true, true);
    const window = kept.take(general, { newestId: 300, unreadCount: 2 });
    expect(window?.firstUnreadId).toBe(250);
    expect(window?.messages[0]!.id).toBe(250 - PAGE_SIZE);
    expect(window?.messages.at(-1)!.id).toBe(300);
    expect(window?.foundOldest).toBe(false);
    kept.keep(general, run(1, 300), true, true);
    expect(kept.take(general, { newestId: 300, unreadCount: 0 })?.messages.length).toBe(PAGE_SIZE);
    // More than a page after the first unread message: an opening would not reach the end.
    kept.keep(general, run(1, 300, [150]), true, true);
    expect(kept.take(general, { newestId: 300, unreadCount: 1 })).toBeNull();
    // A long window is kept in part: what an opening could show of it.
    kept.keep(general, run(1, 1000, [950]), true, true);
    const long = kept.take(general, { newestId: 1000, unreadCount: 1 });
    expect(long?.messages[0]!.id).toBe(950 - PAGE_SIZE);
    expect(long?.foundOldest).toBe(false);
  });

  it('follows changes to kept messages: flags, removals, moves out and in', () => {
    const kept = new NarrowSnapshots(SELF_ID);
    kept.keep(general, run(1, 10), true, true);
    // Read on another device while away: the sidebar then says 0 unread, and so does the window.
    const away = [message({ id: 20, channelId: 2, read: false }), message({ id: 30, channelId: 2 })];
    kept.keep(other, away, true, true);
    kept.applyUpdated([message({ id: 20, channelId: 2, read: true })]);
    expect(kept.take(other, { newestId: 30, unreadCount: 0 })?.messages[0]!.read).toBe(true);
    kept.applyRemoved([3]);
    kept.applyUpdated([message({ id: 4, topic: 'moved', channelId: 2 })]);
    expect(kept.take(general, { newestId: 10, unreadCount: 0 })?.messages.map((m) => m.id)).toEqual([
      1, 2, 5, 6, 7, 8, 9, 10,
    ]);
    // A message moved into the span a window covers: the window misses it, and is dropped (one
    // older than a window, as message 6 would be for channel 2, leaves it as it is).
    kept.applyUpdated([message({ id: 25, channelId: 2 })]);
    expect(kept.take(other, { newestId: 30, unreadCount: 0 })).toBeNull();
    expect(kept.take(general, { newestId: 10, unreadCount: 0 })?.messages.map((m) => m.id)).toEqual([
      1, 2, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('keeps the last eight conversations left, and nothing after a reconnect', () => {
    const kept = new NarrowSnapshots(SELF_ID);
    for (let channelId = 1; channelId <= 9; channelId++)
      kept.keep({ kind: 'channel', channelId }, [message({ id: channelId, channelId })], true, true);
    expect(kept.take({ kind: 'channel', channelId: 1 }, { newestId: 1, unreadCount: 0 })).toBeNull();
    expect(kept.take({ kind: 'channel', channelId: 2 }, { newestId: 2, unreadCount: 0 })).not.toBeNull();
    kept.clear();
    expect(kept.take({ kind: 'channel', channelId: 9 }, { newestId: 9, unreadCount: 0 })).toBeNull();
  });
});

describe('reuseEqual', () => {
  it('keeps the shown object of every message the page brings unchanged, and takes the changed ones', () => {
    const shown = run(1, 3);
    const page = [...run(1, 2), message({ id: 3, read: true, reactions: [] }), message({ id: 4 })];
    page[1] = { ...page[1]!, starred: true };
    const merged = reuseEqual(page, shown);
    expect(merged[0]).toBe(shown[0]);
    expect(merged[1]).toBe(page[1]);
    expect(merged[2]).toBe(shown[2]);
    expect(merged[3]).toBe(page[3]);
  });
});

describe('tallyOf', () => {
  it("reads a channel's, a topic's and a DM's newest message and unread count from the sidebar", () => {
    const bar = sidebar();
    const channel = bar.channels[0]!;
    const newest = Math.max(...channel.topics.map((t) => t.maxMessageId));
    expect(tallyOf(bar, { kind: 'channel', channelId: channel.id })).toEqual({
      newestId: newest,
      unreadCount: channel.unreadCount,
    });
    const topic = channel.topics[0]!;
    expect(tallyOf(bar, { kind: 'topic', channelId: channel.id, topic: topic.name.toUpperCase() })).toEqual({
      newestId: topic.maxMessageId,
      unreadCount: topic.unreadCount,
    });
    const group = sidebar({ dms: [{ userIds: [11, 12], names: ['A', 'B'], maxMessageId: 130, unreadCount: 1 }] });
    expect(tallyOf(group, { kind: 'dm', userIds: [12, 11] })).toEqual({ newestId: 130, unreadCount: 1 });
    expect(tallyOf(group, { kind: 'dm', userIds: [11] })).toBeNull();
    expect(tallyOf(bar, { kind: 'channel', channelId: 999 })).toBeNull();
    expect(tallyOf(bar, { kind: 'all' })).toBeNull();
    expect(tallyOf(null, { kind: 'channel', channelId: channel.id })).toBeNull();
  });
});

describe('NarrowSnapshots: flag changes', () => {
  it('turns read and starred in the kept windows, so a window read elsewhere is still current', () => {
    const kept = new NarrowSnapshots(SELF_ID);
    kept.keep(general, run(1, 5, [4, 5]), true, true);
    kept.applyFlags([
      { flag: 'read', on: true, ids: [4, 5, 99] },
      { flag: 'starred', on: true, ids: [5] },
    ]);
    const window = kept.take(general, { newestId: 5, unreadCount: 0 });
    expect(window?.messages.map((m) => [m.id, m.read, m.starred])).toEqual([
      [1, true, false],
      [2, true, false],
      [3, true, false],
      [4, true, false],
      [5, true, true],
    ]);
  });
});

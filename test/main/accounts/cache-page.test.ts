/** readCachedPage: answers only when message_ranges proves the window is complete. */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { readCachedPage, resolveFirstUnread, windowOf } from '../../../main/accounts/cache-page';
import { AccountStore } from '../../../main/store/account-store';
import { NEWEST, type NarrowFilter } from '../../../main/store/narrows';
import { channelMessage, tempDir } from '../store/fixtures';

let store: AccountStore;
const f: NarrowFilter = { kind: 'channel', channelId: 5 };
const ids = (p: ReturnType<typeof readCachedPage>) => p?.messages.map((m) => m.id);

beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  // Channel 5 has messages 10, 20, ..., 100; another channel's messages sit in between.
  store.messages.upsertMany([
    ...Array.from({ length: 10 }, (_, i) => channelMessage((i + 1) * 10, 5, 't')),
    channelMessage(55, 6, 't'),
  ]);
  return () => store.close();
});

describe('readCachedPage', () => {
  it('refuses when no range is known, however many messages are cached', () => {
    expect(readCachedPage(store, f, 'newest', 3, 0)).toBeNull();
    expect(readCachedPage(store, f, 50, 1, 1)).toBeNull();
  });

  it('answers the newest window from a range open to the newest message', () => {
    store.ranges.add('channel:5', 40, NEWEST);
    const page = readCachedPage(store, f, 'newest', 3, 0);
    expect(ids(page)).toEqual([80, 90, 100]);
    expect(page).toMatchObject({ foundNewest: true, foundOldest: false });
    // Exactly what the range holds is still enough.
    expect(ids(readCachedPage(store, f, 'newest', 7, 0))).toEqual([40, 50, 60, 70, 80, 90, 100]);
    // One more would need messages below 40, which the range does not vouch for.
    expect(readCachedPage(store, f, 'newest', 8, 0)).toBeNull();
  });

  it('answers around a message ID inside a closed range, and says when an end is reached', () => {
    store.ranges.add('channel:5', 0, 70);
    const page = readCachedPage(store, f, 50, 2, 2);
    expect(ids(page)).toEqual([30, 40, 50, 60, 70]);
    expect(page).toMatchObject({ foundOldest: false, foundNewest: false });
    expect(readCachedPage(store, f, 50, 2, 3)).toBeNull();
    const start = readCachedPage(store, f, 20, 5, 0);
    expect(ids(start)).toEqual([10, 20]);
    expect(start?.foundOldest).toBe(true);
    expect(ids(readCachedPage(store, f, 'oldest', 0, 2))).toEqual([10, 20]);
  });

  it('resolves first_unread from the unreads table, else newest', () => {
    expect(resolveFirstUnread(store, f)).toBe('newest');
    store.unreads.add([
      { messageId: 60, channelId: 5, topic: 't', dmKey: null },
      { messageId: 80, channelId: 5, topic: 't', dmKey: null },
    ]);
    expect(resolveFirstUnread(store, f)).toBe(60);
    expect(resolveFirstUnread(store, { kind: 'topic', channelId: 5, topic: 'other' })).toBe('newest');
  });
});

describe('windowOf', () => {
  const ids = (list: { id: number }[]) => list.map((m) => m.id);
  const cached = [5, 6, 7].map((id) => ({ ...channelMessage(id, 1, 't'), read: false }));
  const fetchedOlder = [1, 2, 3, 4, 5].map((id) => ({ ...channelMessage(id, 1, 't'), read: false }));
  const fetchedNewer = [8, 9, 10].map((id) => ({ ...channelMessage(id, 1, 't'), read: false }));

  it('joins the lists without duplicates, oldest first, and keeps the last `before` below the newest', () => {
    expect(ids(windowOf([cached, fetchedOlder], 'newest', 4, 0))).toEqual([4, 5, 6, 7]);
  });

  it('keeps the anchor and counts each side from it', () => {
    expect(ids(windowOf([cached, fetchedOlder, fetchedNewer], 6, 2, 3))).toEqual([4, 5, 6, 7, 8, 9]);
    expect(ids(windowOf([cached, fetchedNewer], 'oldest', 0, 4))).toEqual([5, 6, 7, 8]);
  });
});

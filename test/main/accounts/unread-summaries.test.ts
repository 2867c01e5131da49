/**
 * UnreadSummaries (accounts/unread-counts.ts) keeps the DM counts it built until migration 10's
 * version moves, and answers null when nothing in the summary changed. Real SQLite file.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnreadSummaries } from '../../../main/accounts/unread-counts';
import { AccountStore } from '../../../main/store/account-store';
import { tempDir } from '../store/fixtures';

const SELF = 1;
let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'summaries.sqlite'));
});
afterEach(() => store.close());

const channelUnread = (id: number) => ({ messageId: id, channelId: 5, topic: 'plans', dmKey: null });
const dmUnread = (id: number, dmKey = '1,2') => ({ messageId: id, channelId: null, topic: null, dmKey });

describe('UnreadSummaries', () => {
  it('answers a summary only when it changed, DM counts included', () => {
    const summaries = new UnreadSummaries(store, 'acc', SELF);
    store.unreads.add([channelUnread(1), dmUnread(2)]);
    expect(summaries.ifChanged()).toEqual({
      accountId: 'acc',
      total: 2,
      mentions: 0,
      dms: [{ userIds: [2], count: 1 }],
      starred: 0,
    });
    expect(summaries.ifChanged()).toBeNull();

    // A channel message changes the total, not the DM counts it keeps.
    store.unreads.add([channelUnread(3)]);
    expect(summaries.ifChanged()).toMatchObject({ total: 3, dms: [{ userIds: [2], count: 1 }] });

    store.unreads.add([dmUnread(4), dmUnread(5, '1,3')]);
    expect(summaries.ifChanged()?.dms).toEqual([
      { userIds: [2], count: 2 },
      { userIds: [3], count: 1 },
    ]);
    store.unreads.setMentioned(4, true);
    expect(summaries.ifChanged()).toMatchObject({ total: 5, mentions: 1 });
  });

  it('does not keep DM counts read inside a transaction that is rolled back', () => {
    const summaries = new UnreadSummaries(store, 'acc', SELF);
    store.unreads.add([dmUnread(1)]);
    expect(summaries.ifChanged()?.dms).toEqual([{ userIds: [2], count: 1 }]);
    // Read mid-transaction, then rolled back: the version returns to where it was.
    try {
      store.db.transaction(() => {
        store.unreads.add([dmUnread(2, '1,3')]);
        expect(summaries.ifChanged()?.dms).toHaveLength(2);
        throw new Error('abandoned');
      })();
    } catch {
      // expected
    }
    // A different change reaches the same version number: the counts are read again, not reused.
    store.unreads.add([dmUnread(3, '1,4')]);
    expect(summaries.ifChanged()?.dms).toEqual([
      { userIds: [2], count: 1 },
      { userIds: [4], count: 1 },
    ]);
  });
});

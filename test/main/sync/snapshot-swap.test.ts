/**
 * Stage-then-swap of register's people and unreads (main/sync/snapshot-stage.ts,
 * main/store/repos/snapshot-staging.ts): what a second snapshot leaves in the cache, that staged
 * rows stay invisible until the swap, that the sliced form yields to the event loop, and that a
 * stop between slices leaves the cache as it was.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { applySnapshot, applySnapshotInSlices } from '../../../main/sync/snapshot';
import { BULK_UNREAD_ROWS } from '../../../main/store/repos/unreads';
import { SLICE_ROWS, stageSnapshot } from '../../../main/sync/snapshot-stage';
import { tempDir } from '../store/fixtures';
import { SELF, register, subscription, user } from './fixtures';

let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 's.sqlite'));
});
afterEach(() => store.close());

const names = () => store.users.all().map((u) => `${u.id}:${u.fullName}:${u.isActive ? 'active' : 'gone'}`);

/** A register with `count` extra people (IDs from 100) and `unread` unread messages in #general. */
function big(queueId: string, count: number, unread: number, rename = ''): ReturnType<typeof register> {
  return register(queueId, 1, {
    realm_users: [user(SELF, 'Me'), ...Array.from({ length: count }, (_, i) => user(100 + i, `Person ${i}${rename}`))],
    unread_msgs: {
      count: unread,
      pms: [],
      streams: [
        { stream_id: 10, topic: 'busy', unread_message_ids: Array.from({ length: unread }, (_, i) => 1000 + i) },
      ],
      huddles: [],
      mentions: [1000],
      old_unreads_missing: false,
    },
  });
}

describe('a second snapshot', () => {
  it('keeps the people it lists, as it lists them, and drops the others', () => {
    applySnapshot(store, register('q1', 1), SELF, 0);
    applySnapshot(
      store,
      register('q2', 1, {
        realm_users: [user(SELF, 'Me'), user(2, 'Bea Renamed')],
        realm_non_active_users: [user(4, 'Dee')],
        cross_realm_bots: [user(5, 'Notification Bot', { is_bot: true })],
      }),
      SELF,
      0,
    );
    expect(names()).toEqual(['2:Bea Renamed:active', '4:Dee:gone', '1:Me:active', '5:Notification Bot:active']);
    expect(store.users.get(5)?.isBot).toBe(true);
    expect(store.syncState.get().queueId).toBe('q2');
  });

  it('tells the people’s readers whether it changed them (the sidebar skips 30,000 people otherwise)', () => {
    applySnapshot(store, big('q1', 50, 3), SELF, 0);
    expect(store.users.takeWritten()).toBe('all');
    // The same people again (a re-register after a restart): no row written, no one to read.
    applySnapshot(store, big('q2', 50, 3), SELF, 0);
    expect(store.users.takeWritten()).toEqual([]);
    // One renamed, or one gone: everyone is read again (a swap does not say whom).
    const renamed = big('q3', 50, 3);
    (renamed.realm_users as { full_name: string }[])[7]!.full_name = 'Someone else';
    applySnapshot(store, renamed, SELF, 0);
    expect(store.users.takeWritten()).toBe('all');
    applySnapshot(store, big('q4', 49, 3), SELF, 0);
    expect(store.users.takeWritten()).toBe('all');
    // A user event's write names its person.
    store.users.patch(101, { fullName: 'Renamed' });
    expect(store.users.takeWritten()).toEqual([101]);
  });

  it('replaces the unreads, with counts, mentions and topics as one message at a time would leave them', () => {
    applySnapshot(store, register('q1', 1), SELF, 0);
    expect(store.unreads.total()).toBe(2);
    applySnapshot(
      store,
      register('q2', 1, {
        unread_msgs: {
          count: 3,
          pms: [],
          streams: [
            { stream_id: 10, topic: 'hello', unread_message_ids: [4] },
            { stream_id: 10, topic: 'Plans', unread_message_ids: [6] },
            { stream_id: 10, topic: 'plans', unread_message_ids: [8] },
          ],
          huddles: [],
          mentions: [8],
          old_unreads_missing: false,
        },
      }),
      SELF,
      0,
    );
    expect(store.unreads.inScope({ kind: 'all' }).map((e) => e.messageId)).toEqual([4, 6, 8]);
    expect(store.unreads.totals()).toMatchObject({ total: 3, mentions: 1 });
    expect(store.unreads.countsByDm()).toEqual([]);
    expect(store.unreads.countsByTopicIn(10).map((c) => [c.topic.toLowerCase(), c.count])).toEqual(
      expect.arrayContaining([
        ['hello', 1],
        ['plans', 2],
      ]),
    );
    // One row per topic whatever the case, with the newest message's spelling.
    expect(store.topics.recent(10, 5)).toEqual([
      { channelId: 10, name: 'plans', maxMessageId: 8 },
      { channelId: 10, name: 'hello', maxMessageId: 4 },
    ]);
  });
});

describe('a snapshot thousands of unreads away from the cache', () => {
  /** The counts as grouping the unreads gives them, and as the store keeps them. */
  const counts = () => ({
    kept: {
      topics: store.unreads.countsByTopic(),
      dms: store.unreads.countsByDm(),
      total: store.unreads.total(),
      mentions: store.unreads.mentionCount(),
    },
    grouped: {
      topics: store.db
        .prepare(
          `SELECT channel_id AS channelId, max(topic) AS topic, count(*) AS count, max(message_id) AS maxId
           FROM unreads WHERE channel_id IS NOT NULL GROUP BY channel_id, topic_key`,
        )
        .all(),
      dms: store.db
        .prepare('SELECT dm_key AS dmKey, count(*) AS count, max(message_id) AS maxId FROM unreads GROUP BY dm_key')
        .all()
        .filter((d) => (d as { dmKey: string | null }).dmKey !== null),
      total: store.db.prepare('SELECT count(*) FROM unreads').pluck().get(),
      mentions: store.db.prepare('SELECT count(*) FROM unreads WHERE mentioned = 1').pluck().get(),
    },
  });

  it('counts them once after the swap, as the triggers would have, and the triggers run again after', () => {
    const many = BULK_UNREAD_ROWS + 500;
    applySnapshot(store, big('q1', 3, many), SELF, 0);
    let c = counts();
    expect(c.kept.total).toBe(many);
    expect(c.kept.mentions).toBe(1);
    expect(c.kept).toEqual(c.grouped);
    expect(store.db.prepare('SELECT paused FROM unread_count_pause').pluck().get()).toBe(0);
    const version = store.unreads.totals().dmVersion;

    // Back to a few: thousands of rows deleted, counted again the same way.
    applySnapshot(store, big('q2', 3, 40), SELF, 0);
    c = counts();
    expect(c.kept.total).toBe(40);
    expect(c.kept).toEqual(c.grouped);

    // A message one at a time is counted by the triggers again.
    store.unreads.add([{ messageId: 99_999, channelId: null, topic: null, dmKey: '1,2', mentioned: true }]);
    c = counts();
    expect(c.kept).toMatchObject({ total: 41, mentions: 2, dms: [{ dmKey: '1,2', count: 1, maxId: 99_999 }] });
    expect(c.kept).toEqual(c.grouped);
    expect(store.unreads.totals().dmVersion).toBeGreaterThan(version);
  });
});

describe('subscriber lists', () => {
  it('are replaced whole by the next register: changed, dropped and newly partial lists', () => {
    const lists = (general: number[], old: Record<string, unknown>) => ({
      subscriptions: [subscription(10, 'general', { subscribers: general }), subscription(11, 'design')],
      unsubscribed: [{ stream_id: 12, name: 'old', description: '', invite_only: false, ...old }],
    });
    applySnapshot(store, register('q1', 1, lists([SELF, 2], { subscribers: [3] })), SELF, 0);
    applySnapshot(store, register('q2', 1, lists([2, 3], { partial_subscribers: [4] })), SELF, 0);
    expect(store.subscribers.of(10)).toEqual({ userIds: [2, 3], partial: false });
    expect(store.subscribers.of(12)).toEqual({ userIds: [4], partial: true });
    expect(store.subscribers.of(11)).toBeNull();
    applySnapshot(store, register('q3', 1, { subscriptions: [subscription(11, 'design')] }), SELF, 0);
    expect(store.subscribers.of(10)).toBeNull();
    expect(store.subscribers.count(10)).toBe(0);
  });
});

describe('staging', () => {
  it('is invisible until the swap', () => {
    applySnapshot(store, register('q1', 1), SELF, 0);
    const before = names();
    const stager = stageSnapshot(store, big('q2', 3 * SLICE_ROWS, 10), SELF);
    stager.next();
    stager.next();
    expect(names()).toEqual(before);
    expect(store.unreads.total()).toBe(2);
  });

  it('yields between slices, and the result is the same as in one go', async () => {
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await applySnapshotInSlices(store, big('q1', 3 * SLICE_ROWS, 2 * SLICE_ROWS), SELF, 0);
    running = false;
    // Four slices of people, two of unreads: the loop ran in between.
    expect(turns).toBeGreaterThanOrEqual(5);
    expect(store.users.all()).toHaveLength(3 * SLICE_ROWS + 1);
    expect(store.unreads.totals()).toMatchObject({ total: 2 * SLICE_ROWS, mentions: 1 });
    expect(store.topics.recent(10, 1)).toEqual([{ channelId: 10, name: 'busy', maxMessageId: 999 + 2 * SLICE_ROWS }]);
  });

  it('stopped between slices leaves the cache as it was, and the next snapshot starts clean', async () => {
    applySnapshot(store, register('q1', 1), SELF, 0);
    const before = names();
    const stop = new AbortController();
    setImmediate(() => stop.abort(new Error('sync stopped')));
    await expect(
      applySnapshotInSlices(store, big('q2', 3 * SLICE_ROWS, 10, ' (new)'), SELF, 0, undefined, stop.signal),
    ).rejects.toThrow('sync stopped');
    expect(names()).toEqual(before);
    expect(store.syncState.get().queueId).toBe('q1');
    // Nothing the abandoned sync staged leaks into the next one.
    applySnapshot(store, big('q3', 2, 0), SELF, 0);
    expect(names()).toEqual(['1:Me:active', '100:Person 0:active', '101:Person 1:active']);
  });

  it('refuses a register with a person it cannot read, naming the field, and keeps the cache', () => {
    applySnapshot(store, register('q1', 1), SELF, 0);
    const before = names();
    const people = [...Array.from({ length: SLICE_ROWS + 5 }, (_, i) => user(100 + i, `Person ${i}`))];
    people[SLICE_ROWS + 2] = { user_id: 7, full_name: 'No address' };
    expect(() => applySnapshot(store, register('q2', 1, { realm_users: people }), SELF, 0)).toThrow(
      expect.objectContaining({
        name: 'ProtocolError',
        field: `realm_users.${SLICE_ROWS + 2}.email`,
        message: expect.stringContaining('POST /register'),
      }),
    );
    expect(names()).toEqual(before);
    expect(store.syncState.get().queueId).toBe('q1');
  });
});

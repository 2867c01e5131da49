/**
 * Presence and alert words in the cache: the register snapshot, the presence and alert_words
 * events (modern and legacy shapes) parsed by the API layer's own schemas, and the statuses the
 * sidebar reads, judged on the server's clock with its offline threshold.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { RegisterResponse } from '../../../main/api';
import { createLogger } from '../../../main/log';
import { presenceStatus } from '../../../main/presence/convert';
import { listPresence } from '../../../main/records/presence';
import { AccountStore } from '../../../main/store/account-store';
import { applyEvent, type ApplyContext } from '../../../main/sync/appliers';
import { applySnapshot } from '../../../main/sync/snapshot';
import { tempDir } from '../store/fixtures';
import { SELF, event } from '../sync/fixtures';

let store: AccountStore;
let ctx: ApplyContext;
let n = 0;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  ctx = { store, selfUserId: SELF, log: createLogger({ name: 'test', sink: () => {} }) };
  return () => store.close();
});

const apply = (type: string, fields: Record<string, unknown>) => applyEvent(ctx, event({ id: ++n, type, ...fields }));
const SERVER_NOW = 1_750_000_000;

function register(fields: Record<string, unknown>, receivedAtMs: number): void {
  const r = RegisterResponse.parse({ result: 'success', msg: '', queue_id: 'q', last_event_id: -1, ...fields });
  applySnapshot(store, r, SELF, receivedAtMs);
}

describe('presenceStatus', () => {
  // [what, active_timestamp, idle_timestamp, status] with the server at SERVER_NOW and a 140 s threshold.
  const cases: Array<[string, number, number, string]> = [
    ['active just now', SERVER_NOW - 5, SERVER_NOW - 5, 'active'],
    ['active 139 s ago', SERVER_NOW - 139, SERVER_NOW - 139, 'active'],
    ['active 140 s ago, connected since', SERVER_NOW - 140, SERVER_NOW - 10, 'idle'],
    ['never active lately, connected now', SERVER_NOW - 86_400, SERVER_NOW, 'idle'],
    ['nothing for 140 s', SERVER_NOW - 400, SERVER_NOW - 140, 'offline'],
    ['days ago', SERVER_NOW - 3 * 86_400, SERVER_NOW - 3 * 86_400, 'offline'],
  ];
  it.each(cases)('%s', (_what, active, idle, status) => {
    expect(presenceStatus({ userId: 1, activeTimestamp: active, idleTimestamp: idle }, SERVER_NOW, 140)).toBe(status);
  });
});

describe('the register snapshot', () => {
  it('stores presences, the update ID and the server clock, and the alert words', () => {
    register(
      {
        presences: { '5': { active_timestamp: SERVER_NOW - 10, idle_timestamp: SERVER_NOW - 10 }, x: {}, '6': 'odd' },
        presence_last_update_id: 42,
        server_timestamp: SERVER_NOW + 0.5,
        server_presence_offline_threshold_seconds: 140,
        alert_words: ['deploy', 'code red'],
      },
      1_000,
    );
    const repo = store.presence;
    expect(repo.all()).toEqual([{ userId: 5, activeTimestamp: SERVER_NOW - 10, idleTimestamp: SERVER_NOW - 10 }]);
    expect(repo.clock()).toEqual({ lastUpdateId: 42, serverTimestamp: SERVER_NOW + 0.5, receivedAt: 1_000 });
    expect(store.alertWords.all()).toEqual(['deploy', 'code red']);
  });

  it('keeps what it had when a register leaves presence and alert words out, and replaces them when it sends them', () => {
    register({ presences: { '5': { active_timestamp: 1, idle_timestamp: 1 } }, alert_words: ['a'] }, 1_000);
    register({}, 2_000);
    expect(store.presence.all()).toHaveLength(1);
    expect(store.alertWords.all()).toEqual(['a']);
    register({ presences: {}, presence_last_update_id: 3, alert_words: [] }, 3_000);
    expect(store.presence.all()).toEqual([]);
    expect(store.alertWords.all()).toEqual([]);
  });
});

describe('events', () => {
  it('presence (modern) replaces the users it names and reports the presence area', () => {
    store.presence.upsert([{ userId: 5, activeTimestamp: 100, idleTimestamp: 200 }]);
    const deltas = apply('presence', {
      presences: {
        '5': { active_timestamp: 300, idle_timestamp: 300 },
        '7': { active_timestamp: 50, idle_timestamp: 60 },
      },
    });
    expect(deltas).toEqual([{ kind: 'recordsChanged', areas: ['presence'] }]);
    expect(store.presence.all()).toEqual([
      { userId: 5, activeTimestamp: 300, idleTimestamp: 300 },
      { userId: 7, activeTimestamp: 50, idleTimestamp: 60 },
    ]);
  });

  it('presence (legacy, one client) is folded into what we knew', () => {
    store.presence.upsert([{ userId: 5, activeTimestamp: 100, idleTimestamp: 200 }]);
    apply('presence', {
      user_id: 5,
      email: 'e@example.com',
      server_timestamp: 500.2,
      presence: { website: { client: 'website', status: 'idle', timestamp: 400, pushable: false } },
    });
    expect(store.presence.get(5)).toEqual({ userId: 5, activeTimestamp: 100, idleTimestamp: 400 });
    apply('presence', { user_id: 6, presence: { ZulipMobile: { status: 'active', timestamp: 450 } } });
    expect(store.presence.get(6)).toEqual({ userId: 6, activeTimestamp: 450, idleTimestamp: 450 });
    // Nothing readable: nothing stored, nothing reported.
    expect(apply('presence', { user_id: 8, presence: { website: { status: 'away' } } })).toEqual([]);
    expect(store.presence.get(8)).toBeUndefined();
  });

  it('alert_words replaces the list', () => {
    store.alertWords.replaceAll(['old']);
    expect(apply('alert_words', { alert_words: ['new', 'words'] })).toEqual([
      { kind: 'recordsChanged', areas: ['alertWords'] },
    ]);
    expect(store.alertWords.all()).toEqual(['new', 'words']);
  });
});

describe('listPresence', () => {
  beforeEach(() => {
    register(
      {
        presences: {
          '5': { active_timestamp: SERVER_NOW - 30, idle_timestamp: SERVER_NOW - 30 },
          '6': { active_timestamp: SERVER_NOW - 1000, idle_timestamp: SERVER_NOW - 30 },
          '7': { active_timestamp: SERVER_NOW - 9000, idle_timestamp: SERVER_NOW - 9000 },
        },
        presence_last_update_id: 9,
        server_timestamp: SERVER_NOW,
        server_presence_offline_threshold_seconds: 140,
      },
      // Our clock is two hours off the server's: only the time passed since counts.
      SERVER_NOW * 1000 - 7_200_000,
    );
  });
  const statuses = (nowMs: number) => Object.fromEntries(listPresence(store, nowMs).map((p) => [p.userId, p.status]));

  it('judges everyone on the server’s clock, however wrong ours is', () => {
    const receivedAt = SERVER_NOW * 1000 - 7_200_000;
    expect(statuses(receivedAt)).toEqual({ 5: 'active', 6: 'idle', 7: 'offline' });
    expect(listPresence(store, receivedAt).find((p) => p.userId === 6)?.lastSeen).toBe(SERVER_NOW - 30);
    // Two minutes later without news, the last reports are past the threshold.
    expect(statuses(receivedAt + 120_000)).toEqual({ 5: 'offline', 6: 'offline', 7: 'offline' });
  });

  it('uses the organization’s own threshold, and shows nobody when it disabled presence', () => {
    const receivedAt = SERVER_NOW * 1000 - 7_200_000;
    store.realm.set('server_presence_offline_threshold_seconds', 20);
    expect(statuses(receivedAt)).toEqual({ 5: 'offline', 6: 'offline', 7: 'offline' });
    store.realm.set('realm_presence_disabled', true);
    expect(listPresence(store, receivedAt)).toEqual([]);
  });
});

describe('a full presence snapshot', () => {
  it('replaces the rows, writing only those that differ from the cache', () => {
    const row = (userId: number, at: number) => ({ userId, activeTimestamp: at, idleTimestamp: at + 0.7 });
    store.presence.replaceAll([row(1, 100), row(2, 200), row(3, 300)]);
    const changes = store.db.prepare('SELECT total_changes() AS n');
    const before = (changes.get() as { n: number }).n;
    // User 1 as cached, user 2 moved, user 3 gone, user 4 new (a later entry for the same person wins).
    store.presence.replaceAll([row(1, 100), row(2, 250), row(4, 1), row(4, 400)]);
    expect(store.presence.all()).toEqual([
      { userId: 1, activeTimestamp: 100, idleTimestamp: 100 },
      { userId: 2, activeTimestamp: 250, idleTimestamp: 250 },
      { userId: 4, activeTimestamp: 400, idleTimestamp: 400 },
    ]);
    // The delete of 3, the update of 2 and the two writes of 4: user 1's row is left alone.
    expect((changes.get() as { n: number }).n - before).toBe(4);
  });
});

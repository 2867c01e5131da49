/**
 * The renderer is told of presence only when someone's status moved, and then only who moved. A
 * heartbeat usually moves last-seen times alone, and at 30,000 people each "presence changed" cost
 * the page a fetch and a comparison of the whole list. Real store, real AccountRecords; the
 * server's clock is the snapshot's, moved by the `now` the records are given.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName, Events } from '../../../common/ipc/contract';
import type { PresenceStatus } from '../../../common/model';
import { createLogger } from '../../../main/log';
import { AccountRecords } from '../../../main/records/account-records';
import { AccountStore } from '../../../main/store/account-store';
import { ManualTimers } from '../records/manual-timers';
import { tempDir } from '../store/fixtures';

const SERVER_NOW = 1_750_000_000;
const THRESHOLD = 140;

let store: AccountStore;
let records: AccountRecords;
let nowMs = 0;
let told: string[][];
let moves: Events['presence:changed']['changes'][];

beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'p.sqlite'));
  store.realm.set('server_presence_offline_threshold_seconds', THRESHOLD);
  store.presence.replaceAll([
    { userId: 5, activeTimestamp: SERVER_NOW - 10, idleTimestamp: SERVER_NOW - 10 },
    { userId: 6, activeTimestamp: SERVER_NOW - 3_000, idleTimestamp: SERVER_NOW - 100 },
  ]);
  store.presence.setClock({ lastUpdateId: 1, serverTimestamp: SERVER_NOW, receivedAt: 0 });
  told = [];
  moves = [];
  nowMs = 0;
  open = true;
  records = new AccountRecords({
    accountId: 'acc',
    store,
    client: null,
    selfUserId: 1,
    featureLevel: () => 420,
    emit: (name: EventName, payload: unknown) => {
      if (name === 'records:changed') told.push((payload as { areas: string[] }).areas);
      if (name === 'presence:changed') moves.push((payload as Events['presence:changed']).changes);
    },
    log: createLogger({ name: 'test', sink: () => {} }),
    now: () => nowMs,
    timers: new ManualTimers(),
  });
  records.afterRegister();
  told = [];
  moves = [];
});
let open = true;
afterEach(() => {
  if (!open) return;
  records.close();
  store.close();
});

const heartbeat = () => records.publish([{ kind: 'recordsChanged', areas: ['presence'] }]);
/** How often the renderer was told of presence: a reload of the list or a change. */
const presenceTold = () => told.filter((areas) => areas.includes('presence')).length + moves.length;
/** The statuses the page holds when it applies, in order, what it was told after `list`. */
function pageStatuses(list: { userId: number; status: PresenceStatus }[]): Map<number, PresenceStatus> {
  // As the page holds them (renderer/state/presence.svelte.ts): anyone not held is offline.
  const held = new Map(list.flatMap((p) => (p.status === 'offline' ? [] : [[p.userId, p.status] as const])));
  for (const change of moves.flat())
    if (change.status === 'offline') held.delete(change.userId);
    else held.set(change.userId, change.status);
  return held;
}

describe('presence told to the renderer', () => {
  it('is not told when a beat moves only last-seen times', () => {
    nowMs = 20_000;
    store.presence.upsert([{ userId: 5, activeTimestamp: SERVER_NOW + 15, idleTimestamp: SERVER_NOW + 15 }]);
    heartbeat();
    nowMs = 30_000;
    heartbeat();
    expect(presenceTold()).toBe(0);
  });

  it('is told once when a status ages on the clock alone, and again only at the next move', () => {
    // User 6 was idle (connected 100 s ago); past the 140 s threshold they are offline.
    nowMs = 41_000;
    heartbeat();
    expect(presenceTold()).toBe(1);
    heartbeat();
    expect(presenceTold()).toBe(1);
    store.presence.upsert([{ userId: 6, activeTimestamp: SERVER_NOW + 40, idleTimestamp: SERVER_NOW + 40 }]);
    heartbeat();
    expect(presenceTold()).toBe(2);
    expect(moves).toEqual([[{ userId: 6, status: 'offline' }], [{ userId: 6, status: 'active' }]]);
  });

  it('tells only the person whose status moved, not the whole list', () => {
    // Hundreds of people around, and one more comes online.
    const around = Array.from({ length: 500 }, (_, i) => ({
      userId: 100 + i,
      activeTimestamp: SERVER_NOW - 5,
      idleTimestamp: SERVER_NOW - 5,
    }));
    store.presence.upsert(around);
    heartbeat();
    expect(moves).toHaveLength(1);
    expect(moves[0]).toHaveLength(500);
    moves = [];
    nowMs = 5_000;
    store.presence.upsert([{ userId: 7, activeTimestamp: SERVER_NOW + 5, idleTimestamp: SERVER_NOW + 5 }]);
    heartbeat();
    expect(moves).toEqual([[{ userId: 7, status: 'active' }]]);
    expect(told).toEqual([]);
  });

  it('answers the list with the statuses as told, so the list and the changes after it add up', () => {
    const list = records.presence();
    expect(list.map((p) => [p.userId, p.status])).toEqual([
      [5, 'active'],
      [6, 'idle'],
    ]);
    // User 6 ages to offline and user 8 comes online, but no judgement has told it yet: a page
    // asking now gets what the others hold, and then the same change as they do.
    nowMs = 41_000;
    store.presence.upsert([{ userId: 8, activeTimestamp: SERVER_NOW + 41, idleTimestamp: SERVER_NOW + 41 }]);
    // (User 8 is not listed: the list holds who is around as told, anyone else is offline.)
    const asked = records.presence();
    expect(asked.map((p) => [p.userId, p.status])).toEqual([
      [5, 'active'],
      [6, 'idle'],
    ]);
    expect(asked.find((p) => p.userId === 5)?.lastSeen).toBe(SERVER_NOW - 10);
    heartbeat();
    expect(moves).toEqual([
      [
        { userId: 8, status: 'active' },
        { userId: 6, status: 'offline' },
      ],
    ]);
    const judged = new Map(records.presence().map((p) => [p.userId, p.status] as const));
    expect(pageStatuses(list)).toEqual(judged);
    expect(pageStatuses(asked)).toEqual(judged);
  });

  it('keeps the other areas of a batch when presence is left out', () => {
    records.publish([{ kind: 'recordsChanged', areas: ['presence', 'users'] }]);
    expect(told).toEqual([['users']]);
  });

  it('is told at the next beat after the organization changed its settings', () => {
    records.publish([{ kind: 'recordsChanged', areas: ['realm'] }]);
    heartbeat();
    expect(told).toEqual([['realm'], ['presence']]);
  });

  it('says nothing, and reads nothing, for a beat answered after its account closed', () => {
    records.close();
    store.close();
    open = false;
    nowMs = 41_000;
    expect(() => heartbeat()).not.toThrow();
    expect(told).toEqual([]);
  });
});

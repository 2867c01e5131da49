/**
 * The renderer is told of presence only when someone's status moved. A heartbeat usually moves
 * last-seen times alone, and at 30,000 people each "presence changed" cost the page a fetch and a
 * comparison of the whole list. Real store, real AccountRecords; the server's clock is the
 * snapshot's, moved by the `now` the records are given.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../../common/ipc/contract';
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

beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'p.sqlite'));
  store.realm.set('server_presence_offline_threshold_seconds', THRESHOLD);
  store.presence.replaceAll([
    { userId: 5, activeTimestamp: SERVER_NOW - 10, idleTimestamp: SERVER_NOW - 10 },
    { userId: 6, activeTimestamp: SERVER_NOW - 3_000, idleTimestamp: SERVER_NOW - 100 },
  ]);
  store.presence.setClock({ lastUpdateId: 1, serverTimestamp: SERVER_NOW, receivedAt: 0 });
  told = [];
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
    },
    log: createLogger({ name: 'test', sink: () => {} }),
    now: () => nowMs,
    timers: new ManualTimers(),
  });
  records.afterRegister();
  told = [];
});
let open = true;
afterEach(() => {
  if (!open) return;
  records.close();
  store.close();
});

const heartbeat = () => records.publish([{ kind: 'recordsChanged', areas: ['presence'] }]);
const presenceTold = () => told.filter((areas) => areas.includes('presence')).length;

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

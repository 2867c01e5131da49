/**
 * Presence is judged only for who can have moved (the people written since the last judgement,
 * and those whose times crossed the offline threshold as the server's clock moved), and must
 * come out exactly as judging everyone would. Random writes, full replacements, clock steps
 * (forward and back, as a new server timestamp may put it), threshold changes and presence
 * turned off and on, against the real cache; after each step the statuses told so far must be
 * a full judgement's.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PresenceStatus } from '../../../common/model';
import { listPresence } from '../../../main/records/presence';
import { PresenceChanges } from '../../../main/records/presence-changes';
import { AccountStore } from '../../../main/store/account-store';
import type { StoredPresence } from '../../../main/store/repos/presence';
import { Prng } from '../consistency/prng';
import { tempDir } from '../store/fixtures';

const SERVER_START = 1_750_000_000;
const PEOPLE = 60;

let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'p.sqlite'));
});
afterEach(() => store.close());

/** Who a full judgement says is not offline. */
function fullJudgement(nowMs: number): Map<number, PresenceStatus> {
  return new Map(listPresence(store, nowMs).flatMap((p) => (p.status === 'offline' ? [] : [[p.userId, p.status]])));
}

describe('presence judged incrementally', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`tells exactly what a full judgement gives (seed ${seed})`, () => {
      const rng = new Prng(seed);
      let nowMs = 0;
      let serverNow = SERVER_START;
      /** Times near the server's now, on either side of a threshold of 60-300 s. */
      const someone = (): StoredPresence => {
        const active = serverNow - rng.int(400) + 20;
        return { userId: 1 + rng.int(PEOPLE), activeTimestamp: active, idleTimestamp: active + rng.int(300) - 60 };
      };
      store.realm.set('server_presence_offline_threshold_seconds', 140);
      store.presence.replaceAll(Array.from({ length: 30 }, someone));
      store.presence.setClock({ lastUpdateId: 1, serverTimestamp: serverNow, receivedAt: nowMs });
      const changes = new PresenceChanges(store);
      expect(changes.moved(nowMs)).toBeNull();
      const page = new Map(fullJudgement(nowMs));
      let moves = 0;
      for (let step = 0; step < 400; step++) {
        const action = rng.weighted({ write: 8, time: 6, clock: 3, replace: 1, threshold: 1, disabled: 1, none: 1 });
        if (action === 'write') store.presence.upsert(Array.from({ length: 1 + rng.int(3) }, someone));
        else if (action === 'time') nowMs += rng.int(90_000);
        else if (action === 'clock') {
          // The server's clock as a heartbeat's answer tells it: ahead of or behind ours.
          serverNow += rng.int(120) - 40 + rng.next();
          store.presence.setClock({ lastUpdateId: step, serverTimestamp: serverNow, receivedAt: nowMs });
        } else if (action === 'replace') store.presence.replaceAll(Array.from({ length: rng.int(40) }, someone));
        else if (action === 'threshold')
          store.realm.set('server_presence_offline_threshold_seconds', rng.pick([60, 140, 300]));
        else if (action === 'disabled') store.realm.set('realm_presence_disabled', rng.next() < 0.3);
        for (const { userId, status } of changes.moved(nowMs) ?? []) {
          moves++;
          if (status === 'offline') page.delete(userId);
          else page.set(userId, status);
        }
        const full = fullJudgement(nowMs);
        expect(new Map([...page].sort(([a], [b]) => a - b)), `step ${step}: ${action}`).toEqual(
          new Map([...full].sort(([a], [b]) => a - b)),
        );
        // The list a page (re)loads is what was told, with the last-seen times the cache has now.
        const around = listPresence(store, nowMs).filter((p) => page.has(p.userId));
        expect(changes.list(nowMs), `list at step ${step}: ${action}`).toEqual(
          around.map((p) => ({ ...p, status: page.get(p.userId) })),
        );
      }
      // The run moved statuses both ways often, or it proved little.
      expect(moves).toBeGreaterThan(100);
    });
  }

  /** 500 people last seen 0, 10, 20, ... s before the server's clock, with a 140 s offline threshold. */
  function fiveHundredSeenTenSecondsApart(): void {
    store.realm.set('server_presence_offline_threshold_seconds', 140);
    store.presence.replaceAll(
      Array.from({ length: 500 }, (_, i) => ({
        userId: i + 1,
        activeTimestamp: SERVER_START - i * 10,
        idleTimestamp: SERVER_START - i * 10,
      })),
    );
    store.presence.setClock({ lastUpdateId: 1, serverTimestamp: SERVER_START, receivedAt: 0 });
  }

  it('reads only who can have moved: reads only the rows near the threshold, not all 500', () => {
    fiveHundredSeenTenSecondsApart();
    const changes = new PresenceChanges(store);
    changes.moved(0);
    const read = countRowsRead();
    // 10 s later: the one last seen 130 s ago goes offline, and only the rows near the threshold are read.
    expect(changes.moved(10_000)).toEqual([{ userId: 14, status: 'offline' }]);
    expect(read.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(4);
  });

  it('answers the whole list from what was told, reading no row of the cache', () => {
    fiveHundredSeenTenSecondsApart();
    const changes = new PresenceChanges(store);
    changes.moved(0);
    const read = countRowsRead();
    const list = changes.list(0);
    expect(read).toEqual([]);
    // Those last seen within the threshold (140 s: users 1-14), and only them: the rest are offline.
    expect(list.map((p) => p.userId)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(list[1]).toEqual({ userId: 2, status: 'active', lastSeen: SERVER_START - 10 });
  });
});

/** Every row read from the cache from now on, however it is asked for (the row counts, in order). */
function countRowsRead(): number[] {
  const read: number[] = [];
  const repo = store.presence;
  for (const name of ['all', 'timedBetween', 'ofUsers', 'get'] as const) {
    const original = repo[name].bind(repo) as (...args: unknown[]) => StoredPresence[] | StoredPresence | undefined;
    (repo as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const rows = original(...args);
      read.push(Array.isArray(rows) ? rows.length : rows ? 1 : 0);
      return rows;
    };
  }
  return read;
}

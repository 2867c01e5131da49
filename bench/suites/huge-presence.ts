/**
 * A presence move in the biggest communities (issue 28 item 6): 30,012 people, each seen within
 * Zulip's 14 days of presence history (a tenth active, a tenth idle), and one person coming
 * online, as a heartbeat or a presence event brings it. Measured in the core, with the real cache
 * and AccountRecords: the move judged and told to the page as the people who moved
 * (presence:changed), against the whole list the page fetched for every move before
 * (presence:list, as its JSON on the bridge). Beside the times, the bytes each puts on the bridge.
 * Then presence:list itself, as a page (re)loading its list asks for it: every row read and judged
 * (before) against the people around as main last told them. A last case times the page's side of
 * a move: the People list's ranking (peopleListCase).
 */
import { join } from 'node:path';
import type { EventName } from '../../common/ipc/contract';
import { createLogger } from '../../main/log';
import { AccountRecords } from '../../main/records/account-records';
import { listPresence } from '../../main/records/presence';
import { AccountStore } from '../../main/store/account-store';
import type { StoredPresence } from '../../main/store/repos/presence';
import type { PresenceStatus, UserSummary } from '../../common/model';
import { listablePeople, peopleFor } from '../../renderer/components/sidebar/people';
import { PeopleRanking, type PresenceSource } from '../../renderer/components/sidebar/peopleRanking';
import { rankPeopleFromScratch } from '../../renderer/testing/peopleRankingReference';
import type { BenchCase, Suite, SuiteContext } from '../lib/types';

const PEOPLE = 30_012;
const SERVER_NOW = 1_750_000_000;
const THRESHOLD_SECONDS = 140;
const DAY = 86_400;

/** Everyone's last signs of life: a tenth active now, a tenth idle, the rest seen over 14 days. */
function everyone(): StoredPresence[] {
  return Array.from({ length: PEOPLE }, (_, i) => {
    const userId = 1000 + i;
    if (i % 10 === 0) return { userId, activeTimestamp: SERVER_NOW - 5, idleTimestamp: SERVER_NOW - 5 };
    if (i % 10 === 1) return { userId, activeTimestamp: SERVER_NOW - 3_600, idleTimestamp: SERVER_NOW - 20 };
    const seen = SERVER_NOW - 600 - ((i * 7_919) % (14 * DAY));
    return { userId, activeTimestamp: seen, idleTimestamp: seen };
  });
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  const store = AccountStore.open(join(ctx.dir, 'presence.sqlite'));
  store.realm.set('server_presence_offline_threshold_seconds', THRESHOLD_SECONDS);
  store.presence.replaceAll(everyone());
  store.presence.setClock({ lastUpdateId: 1, serverTimestamp: SERVER_NOW, receivedAt: 0 });
  let sent = 0;
  let told = 0;
  const records = new AccountRecords({
    accountId: 'huge',
    store,
    client: null,
    selfUserId: 1000,
    featureLevel: () => 420,
    emit: (name: EventName, payload: unknown) => {
      if (name !== 'presence:changed') return;
      told++;
      sent += JSON.stringify({ t: 'event', name, payload }).length;
    },
    log: createLogger({ name: 'bench', sink: () => {} }),
    now: () => 1_000,
    timers: { setTimeout: () => 0, clearTimeout: () => undefined },
  });
  records.afterRegister();
  /** Someone offline for a while, a different person before each call, comes online: one status moves. */
  let moves = 0;
  let mover = 0;
  const move = (): void => {
    mover = 1000 + 2 + 10 * (moves++ % 3_000);
    store.presence.upsert([{ userId: mover, activeTimestamp: SERVER_NOW, idleTimestamp: SERVER_NOW }]);
  };
  /** presence:list's answer as it was before it came from what was told: everyone with a row, read and judged. */
  const listAsBefore = (): string =>
    JSON.stringify({ t: 'result', id: 1, result: { ok: true, value: listPresence(store, 1_000) } });
  const listNow = (): string => JSON.stringify({ t: 'result', id: 1, result: { ok: true, value: records.presence() } });
  const listBytes = listAsBefore().length;
  try {
    yield {
      name: 'presence move, 30k people seen: whole list (presence:list, before) vs the people who moved',
      rounds: ctx.quick ? 20 : 100,
      warmup: 5,
      settle: move,
      baseline: {
        label: 'the move judged, then the whole list read and put on the bridge (what each move cost before)',
        run: () => {
          records.publish([{ kind: 'recordsChanged', areas: ['presence'] }]);
          return listAsBefore().length;
        },
      },
      measured: {
        label: 'the move judged and sent as presence:changed',
        run: () => {
          records.publish([{ kind: 'recordsChanged', areas: ['presence'] }]);
          return mover;
        },
      },
    };
    ctx.metric('presence move, 30k people seen: bytes to the page, the whole list (before)', listBytes, 'B');
    ctx.metric('presence move, 30k people seen: bytes to the page, presence:changed', Math.round(sent / told), 'B');
    yield {
      name: 'presence:list, 30k people seen: every row read and judged (before) vs the people around as told',
      rounds: ctx.quick ? 20 : 100,
      warmup: 5,
      baseline: { label: 'every row read and judged, as JSON', run: () => listAsBefore().length },
      measured: { label: 'the people around as last told, as JSON', run: () => listNow().length },
    };
    ctx.metric('presence:list, 30k people seen: bytes to the page, the people around as told', listNow().length, 'B');
  } finally {
    records.close();
    store.close();
  }
  yield* peopleListCase(ctx);
}

/**
 * What PresenceState (a Svelte module, not loadable here) does with a move: the status set in
 * place, the version moved on, who moved remembered.
 */
class StatusesInPlace implements PresenceSource {
  readonly statuses = new Map<number, PresenceStatus>();
  version = 0;
  readonly #moves: number[] = [];
  set(userId: number, status: PresenceStatus): void {
    if (status === 'offline') this.statuses.delete(userId);
    else this.statuses.set(userId, status);
    this.version++;
    this.#moves.push(userId);
  }
  movedSince(version: number): number[] {
    return this.#moves.slice(version);
  }
}

/**
 * The page's side of a move, in the People list's own code (run here, not in Chromium: its
 * JavaScript without Svelte's and the DOM's share, the same 20 rows either way). Before: the
 * status map copied with the move applied, everyone ranked again. Now: the status set in place
 * and only who moved re-placed. Both then take the list's first rows.
 */
function* peopleListCase(ctx: SuiteContext): Generator<BenchCase, void, void> {
  const users: UserSummary[] = Array.from({ length: PEOPLE }, (_, i) => ({
    id: 1000 + i,
    fullName: `Person ${(i * 7_919) % PEOPLE} ${String.fromCharCode(65 + (i % 26))}`,
    email: `p${i}@example.com`,
    avatarUrl: null,
    role: 400,
    isBot: false,
    isActive: true,
  }));
  const named = listablePeople(users);
  let copied = new Map<number, PresenceStatus>();
  const inPlace = new StatusesInPlace();
  for (const [i, u] of users.entries()) {
    if (i % 10 >= 2) continue;
    copied.set(u.id, i % 10 === 0 ? 'active' : 'idle');
    inPlace.set(u.id, i % 10 === 0 ? 'active' : 'idle');
  }
  const partners = users
    .slice(0, 750 * 3)
    .filter((_, i) => i % 3 === 2)
    .map((u) => u.id);
  const ranking = new PeopleRanking(named);
  ranking.update(inPlace, partners);
  /** One person comes online, or goes offline again. */
  let moves = 0;
  const mover = (): number => 1000 + 2 + 10 * (moves++ % 3_000);
  yield {
    name: 'presence move, 30k people: the People list re-ranked from scratch (before) vs the people who moved re-placed',
    rounds: ctx.quick ? 20 : 100,
    warmup: 5,
    baseline: {
      label: 'the status map copied with the move, everyone ranked again, the first 20 rows taken (before)',
      run: () => {
        const userId = mover();
        copied = new Map(copied);
        if (copied.has(userId)) copied.delete(userId);
        else copied.set(userId, 'active');
        return peopleFor(rankPeopleFromScratch(named, copied, partners), '').shown.length;
      },
    },
    measured: {
      label: 'the status set in place, PeopleRanking told who moved, the first 20 rows taken',
      run: () => {
        const userId = mover();
        inPlace.set(userId, inPlace.statuses.has(userId) ? 'offline' : 'active');
        ranking.update(inPlace, partners);
        return peopleFor(ranking, '').shown.length;
      },
    },
  };
}

export const hugePresenceSuite: Suite = {
  name: 'huge-presence',
  description: 'a presence move among 30,000 people: the people who moved vs the whole list',
  order: 46,
  cases,
};

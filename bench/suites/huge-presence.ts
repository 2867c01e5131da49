/**
 * A presence move in the biggest communities (issue 28 item 6): 30,012 people, each seen within
 * Zulip's 14 days of presence history (a tenth active, a tenth idle), and one person coming
 * online, as a heartbeat or a presence event brings it. Measured in the core, with the real cache
 * and AccountRecords: the move judged and told to the page as the people who moved
 * (presence:changed), against the whole list the page fetched for every move before
 * (presence:list, as its JSON on the bridge). Beside the times, the bytes each puts on the bridge.
 */
import { join } from 'node:path';
import type { EventName } from '../../common/ipc/contract';
import { createLogger } from '../../main/log';
import { AccountRecords } from '../../main/records/account-records';
import { AccountStore } from '../../main/store/account-store';
import type { StoredPresence } from '../../main/store/repos/presence';
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
  const listBytes = JSON.stringify({ t: 'result', id: 1, result: { ok: true, value: records.presence() } }).length;
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
          return JSON.stringify({ t: 'result', id: 1, result: { ok: true, value: records.presence() } }).length;
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
  } finally {
    records.close();
    store.close();
  }
}

export const hugePresenceSuite: Suite = {
  name: 'huge-presence',
  description: 'a presence move among 30,000 people: the people who moved vs the whole list',
  order: 46,
  cases,
};

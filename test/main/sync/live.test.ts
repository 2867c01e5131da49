/**
 * The sync loop against the real dev server over loopback: register, long-poll, apply.
 * Nothing is scripted here; another user acts through plain HTTP.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountStatus } from '../../../common/model';
import { Pager } from '../../../main/accounts/pager';
import { messageFetcher } from '../../../main/accounts/fetcher';
import { ApiClient } from '../../../main/api';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import { systemClock } from '../../../main/sync/clock';
import type { Delta } from '../../../main/sync/deltas';
import { SyncEngine } from '../../../main/sync/engine';
import { apiForClient } from '../../../main/sync/sync-api';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';
import { apiKeyOf, sendToChannel, subscriptionsOf, type Creds } from './http';

const log = createLogger({ name: 'live-test', sink: () => {} });

interface Harness {
  engine: SyncEngine;
  statuses: AccountStatus[];
  deltas: Delta[];
  registered: number;
}

function startEngine(
  store: AccountStore,
  client: ApiClient,
  selfUserId: number,
  pager?: () => Pager,
  channelId?: number,
): Harness {
  const h: Harness = { engine: undefined as unknown as SyncEngine, statuses: [], deltas: [], registered: 0 };
  h.engine = new SyncEngine({
    store,
    api: apiForClient(client),
    clock: systemClock,
    log,
    selfUserId,
    onStatus: (s) => h.statuses.push(s),
    onDeltas: (d) => h.deltas.push(...d),
    onRegistered: async () => {
      h.registered += 1;
      // What the account does after a gap: refetch the newest messages of the open narrow.
      if (pager && channelId !== undefined) await pager().fetch({ kind: 'channel', channelId }, 'newest', 50, 0);
    },
  });
  h.engine.start();
  return h;
}

describe('sync against the dev server', () => {
  let server: RunningDevServer;
  let me: Creds & { userId: number };
  let other: Creds;
  let channelId: number;

  beforeAll(async () => {
    // Queues nobody polls for 1 s are collected, so a paused client loses its queue quickly.
    server = await startDevServer({ args: ['--queue-gc-seconds', '1'] });
    const meUser = server.byRole(400);
    const otherUser = server.users.find((u) => u.role === 400 && u.userId !== meUser.userId) ?? server.byRole(200);
    me = { ...(await apiKeyOf(server.baseUrl, meUser.email, meUser.password)), userId: meUser.userId };
    other = await apiKeyOf(server.baseUrl, otherUser.email, otherUser.password);
    const mine = await subscriptionsOf(server.baseUrl, me);
    const theirs = new Set((await subscriptionsOf(server.baseUrl, other)).map((s) => s.stream_id));
    channelId = mine.find((s) => theirs.has(s.stream_id))?.stream_id ?? 0;
    expect(channelId).toBeGreaterThan(0);
  });
  afterAll(() => server?.stop());

  it('stores a message another user sends, and reports it as added', async () => {
    const store = AccountStore.open(join(tempDir(), 'a.sqlite'));
    const client = new ApiClient({ realmUrl: server.baseUrl, auth: me });
    const h = startEngine(store, client, me.userId);
    try {
      await expect.poll(() => h.statuses.at(-1)?.state, { timeout: 10_000 }).toBe('live');
      expect(store.channels.subscribed().length).toBeGreaterThan(0);
      expect(store.users.get(me.userId)?.email).toBe(me.email);

      const id = await sendToChannel(server.baseUrl, other, channelId, 'live test', 'hello from the other side');
      await expect.poll(() => store.messages.cachedIds([id]), { timeout: 10_000 }).toEqual([id]);
      const [m] = store.messages.getByIds([id]);
      expect(m).toMatchObject({ channelId, topic: 'live test', read: false });
      expect(m?.content).toContain('hello from the other side');
      expect(h.deltas).toContainEqual({ kind: 'messagesAdded', ids: [id] });
      expect(store.syncState.get().lastEventId).toBeGreaterThanOrEqual(0);
    } finally {
      await h.engine.stop();
      store.close();
    }
  });

  it('after its queue is collected, re-registers and loses no message', async () => {
    const store = AccountStore.open(join(tempDir(), 'b.sqlite'));
    const client = new ApiClient({ realmUrl: server.baseUrl, auth: me });
    let pager: Pager | undefined;
    const makePager = () =>
      (pager ??= new Pager({
        store,
        fetch: messageFetcher(client, () => 420, me.userId),
        liveQueueId: () => store.syncState.get().queueId,
        log,
      }));
    const first = startEngine(store, client, me.userId, makePager, channelId);
    await expect.poll(() => first.statuses.at(-1)?.state, { timeout: 10_000 }).toBe('live');
    const firstQueue = store.syncState.get().queueId;
    await first.engine.stop();

    // While nobody polls: the queue is collected and a message is sent that no queue of ours carries.
    const missed = await sendToChannel(server.baseUrl, other, channelId, 'gap', 'sent while the queue was gone');
    await new Promise((r) => setTimeout(r, 2500));

    const second = startEngine(store, client, me.userId, makePager, channelId);
    try {
      await expect.poll(() => second.registered, { timeout: 15_000 }).toBe(1);
      await expect.poll(() => store.messages.cachedIds([missed]), { timeout: 10_000 }).toEqual([missed]);
      expect(store.syncState.get().queueId).not.toBe(firstQueue);
      // The unread snapshot of the new queue counts it too.
      expect(store.unreads.isUnread(missed)).toBe(true);
      const after = await sendToChannel(server.baseUrl, other, channelId, 'gap', 'and one after');
      await expect.poll(() => store.messages.cachedIds([after]), { timeout: 10_000 }).toEqual([after]);
    } finally {
      await second.engine.stop();
      store.close();
    }
  });
});

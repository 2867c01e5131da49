/**
 * Pages answered before they are stored (PageOptions.beforeStored, what messages:page asks for):
 * the answer is the server's window, the store follows in the background and ends as it would
 * have before the answer, a window the pending store can answer waits for it instead of asking
 * the server, and a window whose messages an event changed while it was fetched is stored first.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageFetcher } from '../../../main/accounts/fetcher';
import { Pager } from '../../../main/accounts/pager';
import { ApiClient } from '../../../main/api';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import { MESSAGES_PER_TRANSACTION } from '../../../main/store/cache-messages';
import { filterKey, type NarrowFilter } from '../../../main/store/narrows';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';
import { apiKeyOf, sendToChannel, subscriptionsOf, type Creds } from '../sync/http';

const log = createLogger({ name: 'pager-before-stored-test', sink: () => {} });
/** More than two write slices, so the store is still going when the answer is given. */
const COUNT = 2 * MESSAGES_PER_TRANSACTION + 50;
let server: RunningDevServer;
let me: Creds & { userId: number };
const TOPIC = 'answered before stored';
let topic: NarrowFilter;
let sent: number[];
let requests = 0;

beforeAll(async () => {
  server = await startDevServer();
  const reader = server.byRole(400);
  const writer = server.users.find((u) => u.role === 400 && u.userId !== reader.userId)!;
  me = { ...(await apiKeyOf(server.baseUrl, reader.email, reader.password)), userId: reader.userId };
  const from = await apiKeyOf(server.baseUrl, writer.email, writer.password);
  const channelId = (await subscriptionsOf(server.baseUrl, me))[0]!.stream_id;
  topic = { kind: 'topic', channelId, topic: TOPIC };
  sent = [];
  for (let i = 0; i < COUNT; i++) sent.push(await sendToChannel(server.baseUrl, from, channelId, TOPIC, `m ${i}`));
}, 60_000);
afterAll(() => server?.stop());

/** A pager whose GET /messages calls `duringFetch` once the answer is in, before the pager reads it. */
function pagerWith(store: AccountStore, duringFetch: () => void = () => undefined): Pager {
  const counting: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const isPage = url.pathname.endsWith('/messages') && (init?.method ?? 'GET') === 'GET';
    if (isPage) requests += 1;
    const res = await fetch(input, init);
    if (isPage) duringFetch();
    return res;
  };
  const client = new ApiClient({ realmUrl: server.baseUrl, auth: me, fetch: counting });
  return new Pager({ store, fetch: messageFetcher(client, () => 420, me.userId), liveQueueId: () => null, log });
}

describe('pages answered before they are stored', () => {
  it('answers the server window at once and stores it after, as a stored-first page would', async () => {
    const store = AccountStore.open(join(tempDir(), 'before-stored.sqlite'));
    const pager = pagerWith(store);
    const page = await pager.page(topic, 'newest', COUNT, 0, { beforeStored: true });
    expect(page.fromCache).toBe(false);
    expect(page.messages.map((m) => m.id)).toEqual(sent);
    // The answer came before the last slices were written.
    expect(store.ranges.list(filterKey(topic))).toEqual([]);
    expect(store.messages.cachedIds(sent).length).toBeLessThan(COUNT);

    await pager.settled();
    expect(store.messages.cachedIds(sent)).toEqual(sent);
    expect(store.unreads.countsByTopic().find((t) => t.topic === TOPIC)?.count).toBe(COUNT);
    const range = store.ranges.list(filterKey(topic))[0]!;
    expect(range.lo).toBeLessThanOrEqual(sent[0]!);
    expect(range.hi).toBe(sent.at(-1));
    store.close();
  });

  it('lets a window the pending store can answer wait for it rather than ask the server', async () => {
    const store = AccountStore.open(join(tempDir(), 'before-stored-wait.sqlite'));
    const pager = pagerWith(store);
    await pager.page(topic, 'newest', COUNT, 0, { beforeStored: true });
    const asked = requests;
    const middle = sent[Math.floor(COUNT / 2)]!;
    const again = await pager.page(topic, middle, 20, 20, { beforeStored: true });
    expect(again.fromCache).toBe(true);
    expect(requests).toBe(asked);
    expect(again.messages.map((m) => m.id)).toEqual(sent.slice(COUNT / 2 - 20, COUNT / 2 + 21));
    await pager.settled();
    store.close();
  });

  it('stores first when an event changed one of the messages while the window was fetched', async () => {
    const store = AccountStore.open(join(tempDir(), 'before-stored-changed.sqlite'));
    const pager = pagerWith(store, () => store.versions.touch([sent[0]!], 'starred'));
    const page = await pager.page(topic, 'newest', COUNT, 0, { beforeStored: true });
    // Answered after the store: the range is there, and the answer is what the cache holds.
    expect(store.ranges.list(filterKey(topic))).toHaveLength(1);
    expect(store.messages.cachedIds(sent)).toEqual(page.messages.map((m) => m.id));
    await pager.settled();
    store.close();
  });
});

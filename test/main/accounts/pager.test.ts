/** The pager against the dev server: cache hits, fetched gaps merged into ranges, request sizes, offline answers. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageFetcher } from '../../../main/accounts/fetcher';
import { MAX_PER_REQUEST, Pager } from '../../../main/accounts/pager';
import { ApiClient } from '../../../main/api';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import { NEWEST, type NarrowFilter } from '../../../main/store/narrows';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';
import { apiKeyOf, subscriptionsOf, type Creds } from '../sync/http';

const log = createLogger({ name: 'pager-test', sink: () => {} });
let server: RunningDevServer;
let me: Creds & { userId: number };
let channelId: number;
let channel: NarrowFilter;
/** Every GET /messages the pager makes: how many messages it can return at most. */
const requests: { before: number; after: number; anchorIncluded: boolean }[] = [];
const countingFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname.endsWith('/messages') && (init?.method ?? 'GET') === 'GET') {
    requests.push({
      before: Number(url.searchParams.get('num_before')),
      after: Number(url.searchParams.get('num_after')),
      anchorIncluded: url.searchParams.get('include_anchor') !== 'false',
    });
  }
  return fetch(input, init);
};

beforeAll(async () => {
  server = await startDevServer();
  const u = server.byRole(400);
  me = { ...(await apiKeyOf(server.baseUrl, u.email, u.password)), userId: u.userId };
  channelId = (await subscriptionsOf(server.baseUrl, me))[0]!.stream_id;
  channel = { kind: 'channel', channelId };
});
afterAll(() => server?.stop());

function pagerWith(store: AccountStore, realmUrl = server.baseUrl, queueId: string | null = null): Pager {
  const client = new ApiClient({ realmUrl, auth: me, fetch: countingFetch });
  return new Pager({ store, fetch: messageFetcher(client, () => 420, me.userId), liveQueueId: () => queueId, log });
}

describe('Pager', () => {
  it('fetches what the cache cannot prove, then answers the same window from the cache', async () => {
    const store = AccountStore.open(join(tempDir(), 'p1.sqlite'));
    const pager = pagerWith(store);
    const first = await pager.page(channel, 'newest', 10, 0);
    expect(first.fromCache).toBe(false);
    expect(first.messages).toHaveLength(10);
    expect(first.newIds).toEqual(first.messages.map((m) => m.id));

    // No live queue: the range is closed at the newest fetched message, so "newest" must ask again...
    const again = await pager.page(channel, 'newest', 10, 0);
    expect(again.fromCache).toBe(false);
    expect(again.newIds).toEqual([]);
    // ...but a window around a known message is answered locally.
    const mid = first.messages[5]!.id;
    const around = await pager.page(channel, mid, 3, 3);
    expect(around.fromCache).toBe(true);
    expect(around.messages.map((m) => m.id)).toEqual(first.messages.slice(2, 9).map((m) => m.id));

    // An older page joins the known range, so one bigger window is then all cached.
    const older = await pager.page(channel, first.messages[0]!.id, 10, 0);
    expect(older.fromCache).toBe(false);
    expect(store.ranges.list(`channel:${channelId}`)).toHaveLength(1);
    const all = await pager.page(channel, first.messages[9]!.id, 19, 0);
    expect(all.fromCache).toBe(true);
    expect(all.messages).toHaveLength(20);
    store.close();
  });

  it('keeps a range open to the newest message only while an event queue was live throughout', async () => {
    const store = AccountStore.open(join(tempDir(), 'p2.sqlite'));
    store.channels.upsertSubscribed({
      id: channelId,
      name: 'x',
      description: '',
      renderedDescription: '',
      inviteOnly: false,
      extra: {},
      subscription: { channelId: channelId, color: '#000', isMuted: false, pinToTop: false, settings: {} },
    });
    const pager = pagerWith(store, server.baseUrl, 'queue-1');
    await pager.page(channel, 'newest', 5, 0);
    expect(store.ranges.list(`channel:${channelId}`)[0]?.hi).toBe(NEWEST);
    expect((await pager.page(channel, 'newest', 5, 0)).fromCache).toBe(true);
    store.close();
  });

  it(`never asks for more than ${MAX_PER_REQUEST} messages in one request`, async () => {
    const store = AccountStore.open(join(tempDir(), 'p3.sqlite'));
    const pager = pagerWith(store);
    const newest = await pager.page(channel, 'newest', 1, 0);
    requests.length = 0;
    const page = await pager.page(channel, newest.messages[0]!.id, 1000, 1000);
    expect(requests.length).toBe(2);
    // The server's rule counts num_before + num_after; the anchor comes on top.
    for (const r of requests) expect(r.before + r.after).toBeLessThanOrEqual(MAX_PER_REQUEST);
    expect(page.foundNewest).toBe(true);
    expect(page.messages.at(-1)?.id).toBe(newest.messages[0]!.id);
    store.close();
  });

  it(`asks for a page of ${MAX_PER_REQUEST} older messages and its anchor in one request`, async () => {
    const store = AccountStore.open(join(tempDir(), 'p3b.sqlite'));
    const pager = pagerWith(store);
    const newest = (await pager.page(channel, 'newest', 1, 0)).messages[0]!.id;
    const fresh = AccountStore.open(join(tempDir(), 'p3c.sqlite'));
    requests.length = 0;
    await pagerWith(fresh).page(channel, newest, MAX_PER_REQUEST, 0);
    // Counting the anchor against the batch split this into 999 and then 1: a round trip for one message.
    expect(requests).toEqual([{ before: MAX_PER_REQUEST, after: 0, anchorIncluded: true }]);
    store.close();
    fresh.close();
  });

  it('answers from whatever the cache holds when the server cannot be reached', async () => {
    const dir = tempDir();
    const store = AccountStore.open(join(dir, 'p4.sqlite'));
    const first = await pagerWith(store).page(channel, 'newest', 5, 0);
    const offline = pagerWith(store, 'http://127.0.0.1:9');
    const page = await offline.page(channel, 'newest', 5, 0);
    expect(page.fromCache).toBe(true);
    expect(page.messages.map((m) => m.id)).toEqual(first.messages.map((m) => m.id));
    expect(page).toMatchObject({ foundNewest: false, foundOldest: false });
    store.close();
  });

  describe('when a new snapshot lands while a page is on its way', () => {
    /** A pager whose next GET /messages answers only after a new snapshot (or mark-all-read) landed. */
    function overtakenPager(store: AccountStore): { pager: Pager; overtake: () => void; asked: () => number } {
      let armed = false;
      let asked = 0;
      const overtaking: typeof fetch = async (input, init) => {
        const response = await countingFetch(input, init);
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname.endsWith('/messages')) {
          asked += 1;
          if (armed) store.versions.touchEverything();
          armed = false;
        }
        return response;
      };
      const client = new ApiClient({ realmUrl: server.baseUrl, auth: me, fetch: overtaking });
      const pager = new Pager({
        store,
        fetch: messageFetcher(client, () => 420, me.userId),
        liveQueueId: () => null,
        log,
      });
      return { pager, overtake: () => (armed = true), asked: () => asked };
    }

    it('asks again instead of answering with only what the cache held', async () => {
      const store = AccountStore.open(join(tempDir(), 'p5.sqlite'));
      const { pager, overtake, asked } = overtakenPager(store);
      const expected = (
        await pagerWith(AccountStore.open(join(tempDir(), 'p5-ref.sqlite'))).page(channel, 'newest', 8, 0)
      ).messages.map((m) => m.id);
      overtake();
      const page = await pager.page(channel, 'newest', 8, 0);
      // Stored nothing from the overtaken answer, so the cache alone would have answered none.
      expect(page.messages.map((m) => m.id)).toEqual(expected);
      expect(page.foundNewest).toBe(true);
      expect(asked()).toBe(2);
      expect(store.messages.getByIds(expected).map((m) => m.id)).toEqual(expected);
      store.close();
    });

    it('asks for the whole window when the missing side of a cached one was overtaken', async () => {
      const reference = AccountStore.open(join(tempDir(), 'p6-ref.sqlite'));
      const ids = (await pagerWith(reference).page(channel, 'newest', 12, 0)).messages.map((m) => m.id);
      reference.close();
      const store = AccountStore.open(join(tempDir(), 'p6.sqlite'));
      const { pager, overtake, asked } = overtakenPager(store);
      // Only the older half is cached: a window ending at the newest has its newer side missing.
      await pager.page(channel, ids[5]!, 5, 0);
      overtake();
      const page = await pager.page(channel, ids[5]!, 0, 6);
      expect(page.messages.map((m) => m.id)).toEqual(ids.slice(5));
      // The cached part, the overtaken newer side, then the whole window again.
      expect(asked()).toBe(3);
      store.close();
    });
  });
});

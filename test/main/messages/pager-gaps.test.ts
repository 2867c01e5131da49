/**
 * The pager against the dev server: a window the cache proves only in part is completed by
 * fetching just the missing side from the edge of the known range; offline, the cache answers;
 * long sides are walked in batches, never more than one batch per request.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSide } from '../../../main/accounts/fetch-window';
import { messageFetcher } from '../../../main/accounts/fetcher';
import { Pager } from '../../../main/accounts/pager';
import { ApiClient } from '../../../main/api';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import { NEWEST, type NarrowFilter } from '../../../main/store/narrows';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';
import { apiKeyOf, subscriptionsOf, type Creds } from '../sync/http';

const log = createLogger({ name: 'pager-gaps', sink: () => {} });
let server: RunningDevServer;
let me: Creds & { userId: number };
let channel: NarrowFilter & { kind: 'channel' };

interface Seen {
  anchor: string;
  before: number;
  after: number;
  includeAnchor: boolean;
}
const requests: Seen[] = [];
const recordingFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname.endsWith('/api/v1/messages') && (init?.method ?? 'GET') === 'GET') {
    requests.push({
      anchor: url.searchParams.get('anchor') ?? '',
      before: Number(url.searchParams.get('num_before')),
      after: Number(url.searchParams.get('num_after')),
      includeAnchor: url.searchParams.get('include_anchor') !== 'false',
    });
  }
  return fetch(input, init);
};

/** Every message ID of the channel, straight from the server (one request, no code under test). */
let allIds: number[];

beforeAll(async () => {
  server = await startDevServer();
  const u = server.byRole(400);
  me = { ...(await apiKeyOf(server.baseUrl, u.email, u.password)), userId: u.userId };
  const channelId = (await subscriptionsOf(server.baseUrl, me))[0]!.stream_id;
  channel = { kind: 'channel', channelId };
  const narrow = encodeURIComponent(JSON.stringify([{ operator: 'channel', operand: channelId }]));
  const res = await fetch(
    `${server.baseUrl}/api/v1/messages?anchor=newest&num_before=5000&num_after=0&narrow=${narrow}`,
    {
      headers: { Authorization: `Basic ${Buffer.from(`${me.email}:${me.apiKey}`).toString('base64')}` },
    },
  );
  allIds = ((await res.json()) as { messages: { id: number }[] }).messages.map((m) => m.id);
  expect(allIds.length).toBeGreaterThan(150);
});
afterAll(() => server?.stop());

function pagerOn(store: AccountStore, realmUrl = server.baseUrl, queueId: string | null = null): Pager {
  const client = new ApiClient({ realmUrl, auth: me, fetch: recordingFetch });
  return new Pager({ store, fetch: messageFetcher(client, () => 420, me.userId), liveQueueId: () => queueId, log });
}

function subscribe(store: AccountStore): void {
  store.channels.upsertSubscribed({
    id: channel.channelId,
    name: 'c',
    description: '',
    renderedDescription: '',
    inviteOnly: false,
    extra: {},
    subscription: { channelId: channel.channelId, color: '#000', isMuted: false, pinToTop: false, settings: {} },
  });
}

describe('Pager gaps', () => {
  it('fetches only the older part the range does not prove, from its lower edge', async () => {
    const store = AccountStore.open(join(tempDir(), 'g1.sqlite'));
    subscribe(store);
    const pager = pagerOn(store, server.baseUrl, 'queue');
    await pager.page(channel, 'newest', 20, 0);
    const [range] = store.ranges.list(`channel:${channel.channelId}`);
    expect(range).toEqual({ lo: allIds.at(-20), hi: NEWEST });

    requests.length = 0;
    const page = await pager.page(channel, 'newest', 50, 0);
    expect(requests).toEqual([{ anchor: String(range!.lo), before: 30, after: 0, includeAnchor: false }]);
    expect(page.messages.map((m) => m.id)).toEqual(allIds.slice(-50));
    expect(page).toMatchObject({ fromCache: false, foundNewest: true, foundOldest: false });
    expect(page.newIds).toEqual(allIds.slice(-50, -20));
    expect(store.ranges.list(`channel:${channel.channelId}`)).toEqual([{ lo: allIds.at(-50), hi: NEWEST }]);

    requests.length = 0;
    expect((await pager.page(channel, 'newest', 50, 0)).fromCache).toBe(true);
    expect(requests).toEqual([]);
    store.close();
  });

  it('fetches only the newer part past a closed range, and reaches the end of the narrow', async () => {
    const store = AccountStore.open(join(tempDir(), 'g2.sqlite'));
    const pager = pagerOn(store);
    const anchor = allIds.at(-40)!;
    await pager.page(channel, anchor, 0, 10);
    const [range] = store.ranges.list(`channel:${channel.channelId}`);
    expect(range).toEqual({ lo: anchor, hi: allIds.at(-30) });

    requests.length = 0;
    const page = await pager.page(channel, anchor, 5, 60);
    // The older side has no range at all below the anchor's range, so it is a gap too.
    expect(requests).toEqual([
      { anchor: String(anchor), before: 5, after: 0, includeAnchor: false },
      { anchor: String(range!.hi), before: 0, after: 50, includeAnchor: false },
    ]);
    expect(page.messages.map((m) => m.id)).toEqual(allIds.slice(-45));
    expect(page.foundNewest).toBe(true);
    store.close();
  });

  it('offline shows what is cached; back online it fetches the gap only', async () => {
    const store = AccountStore.open(join(tempDir(), 'g3.sqlite'));
    subscribe(store);
    await pagerOn(store, server.baseUrl, 'queue').page(channel, 'newest', 10, 0);

    const offline = await pagerOn(store, 'http://127.0.0.1:9', 'queue').page(channel, 'newest', 30, 0);
    expect(offline).toMatchObject({ fromCache: true, foundOldest: false });
    expect(offline.messages.map((m) => m.id)).toEqual(allIds.slice(-10));

    requests.length = 0;
    const online = await pagerOn(store, server.baseUrl, 'queue').page(channel, 'newest', 30, 0);
    expect(requests).toEqual([{ anchor: String(allIds.at(-10)), before: 20, after: 0, includeAnchor: false }]);
    expect(online.messages.map((m) => m.id)).toEqual(allIds.slice(-30));
    store.close();
  });

  it('cacheFirst (opening a conversation): answers the cached part of a window at once; its edges page on', async () => {
    const store = AccountStore.open(join(tempDir(), 'g5.sqlite'));
    subscribe(store);
    const anchor = allIds.at(-40)!;
    // Cached: the anchor and the 10 messages after it, nothing before.
    await pagerOn(store).page(channel, anchor, 0, 10);

    requests.length = 0;
    const first = await pagerOn(store).page(channel, anchor, 20, 30, { cacheFirst: true });
    expect(requests).toEqual([]);
    expect(first).toMatchObject({ fromCache: true, foundOldest: false, foundNewest: false });
    expect(first.messages.map((m) => m.id)).toEqual(allIds.slice(-40, -29));
    // The list then asks from the window's edges, as the reader scrolls: those are fetched.
    const newer = await pagerOn(store).page(channel, first.messages.at(-1)!.id, 0, 30);
    expect(requests.length).toBeGreaterThan(0);
    expect(newer.messages.map((m) => m.id)).toEqual(allIds.slice(-30));
    expect(newer.foundNewest).toBe(true);

    // Without cacheFirst the same partly cached window waits for the server, as before.
    requests.length = 0;
    const whole = await pagerOn(store).page(channel, anchor, 20, 30);
    expect(requests).toEqual([{ anchor: String(anchor), before: 20, after: 0, includeAnchor: false }]);
    expect(whole.messages.map((m) => m.id)).toEqual(allIds.slice(-60, -9));

    // Nothing cached around the anchor: there is nothing to show first, so it is fetched.
    const empty = AccountStore.open(join(tempDir(), 'g6.sqlite'));
    subscribe(empty);
    requests.length = 0;
    const fetched = await pagerOn(empty).page(channel, anchor, 5, 5, { cacheFirst: true });
    expect(requests.length).toBeGreaterThan(0);
    expect(fetched.fromCache).toBe(false);
    expect(fetched.messages.map((m) => m.id)).toEqual(allIds.slice(-45, -34));
    empty.close();
    store.close();
  });

  it('answers a gap with what it read joined to what it fetched, as a fresh read would, unless an event wrote meanwhile', async () => {
    const store = AccountStore.open(join(tempDir(), 'g4.sqlite'));
    subscribe(store);
    await pagerOn(store, server.baseUrl, 'queue').page(channel, 'newest', 10, 0);
    let duringFetch = (): void => {};
    const client = new ApiClient({
      realmUrl: server.baseUrl,
      auth: me,
      fetch: async (input, init) => {
        duringFetch();
        return fetch(input, init);
      },
    });
    const pager = new Pager({
      store,
      fetch: messageFetcher(client, () => 420, me.userId),
      liveQueueId: () => 'queue',
      log,
    });

    const joined = await pager.page(channel, 'newest', 30, 0);
    expect(joined.fromCache).toBe(false);
    expect(joined.messages.map((m) => m.id)).toEqual(allIds.slice(-30));
    const fresh = await pager.page(channel, 'newest', 30, 0);
    expect(fresh.fromCache).toBe(true);
    expect(joined.messages).toEqual(fresh.messages);

    // An event lands while the next gap is fetched: the cached part is read again.
    const edited = allIds.at(-1)!;
    duringFetch = () => {
      store.messages.setContent(edited, '<p>edited while the gap was fetched</p>', 1);
      duringFetch = () => {};
    };
    const after = await pager.page(channel, 'newest', 50, 0);
    expect(after.messages.map((m) => m.id)).toEqual(allIds.slice(-50));
    expect(after.messages.at(-1)?.content).toBe('<p>edited while the gap was fetched</p>');
    store.close();
  });

  it('walks a long side in batches no bigger than one batch, and gets the same messages as one request', async () => {
    const client = new ApiClient({ realmUrl: server.baseUrl, auth: me, fetch: recordingFetch });
    requests.length = 0;
    const page = await fetchSide(
      messageFetcher(client, () => 420, me.userId),
      channel,
      'newest',
      'older',
      5000,
      false,
      100,
    );
    expect(page.messages.map((m) => m.id)).toEqual(allIds);
    expect(page.foundOldest).toBe(true);
    expect(requests.length).toBe(Math.ceil(allIds.length / 100) + (allIds.length % 100 === 0 ? 1 : 0));
    for (const r of requests) expect(r.before + r.after).toBeLessThanOrEqual(100);
    // Each batch starts where the last one ended.
    expect(requests[1]?.anchor).toBe(String(allIds.at(-100)));
  });
});

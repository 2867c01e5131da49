/**
 * The page fetched ahead (main/accounts/page-ahead.ts), against the dev server: a list paging
 * through uncached history finds its next page already asked for, the answer is what a request
 * made then would have said, and a page fetched ahead that an event, a move or a new queue could
 * have made stale, or that failed, is asked for again.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageFetcher } from '../../../main/accounts/fetcher';
import { Pager } from '../../../main/accounts/pager';
import { ApiClient } from '../../../main/api';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import type { NarrowFilter } from '../../../main/store/narrows';
import { applyReaction } from '../../../main/sync/appliers/reaction';
import type { ApplyContext } from '../../../main/sync/appliers/context';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';
import { apiKeyOf, sendToChannel, subscriptionsOf, type Creds } from '../sync/http';

const log = createLogger({ name: 'page-ahead-test', sink: () => {} });
const PAGE = 10;
const TOPIC = 'paged through';
let server: RunningDevServer;
let me: Creds & { userId: number };
let topic: NarrowFilter;
let sent: number[];

beforeAll(async () => {
  server = await startDevServer();
  const reader = server.byRole(400);
  me = { ...(await apiKeyOf(server.baseUrl, reader.email, reader.password)), userId: reader.userId };
  const channelId = (await subscriptionsOf(server.baseUrl, me))[0]!.stream_id;
  topic = { kind: 'topic', channelId, topic: TOPIC };
  sent = [];
  for (let i = 0; i < 3 * PAGE; i++) sent.push(await sendToChannel(server.baseUrl, me, channelId, TOPIC, `m ${i}`));
}, 60_000);
afterAll(() => server?.stop());

interface Harness {
  pager: Pager;
  store: AccountStore;
  /** The anchor of every GET /messages, in the order they went out. */
  anchors: string[];
  /** Resolves once `n` GET /messages have been answered. */
  answered(n: number): Promise<void>;
  queue: { id: string | null };
  /** Makes the nth GET /messages (from 1) fail, as when the network drops. */
  fail(nth: number): void;
}

function harness(): Harness {
  const anchors: string[] = [];
  let done = 0;
  let failing = 0;
  const counting: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const isPage = url.pathname.endsWith('/messages') && (init?.method ?? 'GET') === 'GET';
    if (!isPage) return fetch(input, init);
    anchors.push(url.searchParams.get('anchor') ?? '');
    try {
      if (anchors.length === failing) throw new TypeError('fetch failed');
      return await fetch(input, init);
    } finally {
      done += 1;
    }
  };
  const store = AccountStore.open(join(tempDir(), 'ahead.sqlite'));
  const queue = { id: 'queue-1' as string | null };
  const client = new ApiClient({ realmUrl: server.baseUrl, auth: me, fetch: counting });
  const pager = new Pager({
    store,
    fetch: messageFetcher(client, () => 420, me.userId),
    liveQueueId: () => queue.id,
    log,
  });
  const answered = async (n: number) => {
    const until = Date.now() + 5000;
    while (done < n && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    expect(done).toBeGreaterThanOrEqual(n);
    // The fetcher's own parsing after the response.
    await new Promise((r) => setTimeout(r, 20));
  };
  return {
    pager,
    store,
    anchors,
    answered,
    queue,
    fail: (nth) => void (failing = nth),
  };
}

const ids = (page: { messages: { id: number }[] }) => page.messages.map((m) => m.id);
const older = (h: Harness, anchor: number | 'newest') => h.pager.page(topic, anchor, PAGE, 0, { beforeStored: true });

describe('the page fetched ahead', () => {
  it('is asked for while the page before it is read, and answers the next page as the server would', async () => {
    const h = harness();
    const first = await older(h, 'newest');
    expect(ids(first)).toEqual(sent.slice(-PAGE));
    await h.answered(2);
    // The second request went out before the app asked for the next page, anchored where it will.
    expect(h.anchors).toEqual(['newest', String(sent.at(-PAGE))]);

    const second = await older(h, sent.at(-PAGE)!);
    expect(ids(second)).toEqual(sent.slice(-2 * PAGE, -PAGE + 1));
    expect(second.foundOldest).toBe(false);
    // No request of its own: the third went out ahead for the page after it.
    await h.answered(3);
    expect(h.anchors).toEqual(['newest', String(sent.at(-PAGE)), String(sent.at(-2 * PAGE))]);

    // What the server says to the same request made now.
    const fresh = await new Pager({
      store: AccountStore.open(join(tempDir(), 'fresh.sqlite')),
      fetch: messageFetcher(new ApiClient({ realmUrl: server.baseUrl, auth: me }), () => 420, me.userId),
      liveQueueId: () => null,
      log,
    }).page(topic, sent.at(-PAGE)!, PAGE, 0);
    expect(second.messages).toEqual(fresh.messages);
    await h.pager.settled();
    h.store.close();
  });

  it('pages forward the same way (a reader catching up from the oldest unread)', async () => {
    const h = harness();
    const newer = (from: number) => h.pager.page(topic, from, 0, PAGE, { beforeStored: true });
    expect(ids(await newer(sent[0]!))).toEqual(sent.slice(0, PAGE + 1));
    await h.answered(2);
    expect(h.anchors).toEqual([String(sent[0]), String(sent[PAGE])]);
    const second = await newer(sent[PAGE]!);
    expect(ids(second)).toEqual(sent.slice(PAGE, 2 * PAGE + 1));
    expect(second.foundNewest).toBe(false);
    await h.answered(3);
    expect(h.anchors).toEqual([String(sent[0]), String(sent[PAGE]), String(sent[2 * PAGE])]);
    await h.pager.settled();
    h.store.close();
  });

  it('stops at the narrow’s first message', async () => {
    const h = harness();
    await older(h, 'newest');
    await older(h, sent.at(-PAGE)!);
    const third = await older(h, sent.at(-2 * PAGE)!);
    expect(ids(third)).toEqual(sent.slice(0, PAGE + 1));
    await h.answered(4);
    // The page past the first message is empty and found the oldest: nothing more is asked for.
    const fourth = await older(h, sent[0]!);
    expect(fourth.foundOldest).toBe(true);
    expect(h.anchors).toHaveLength(4);
    await new Promise((r) => setTimeout(r, 50));
    expect(h.anchors).toHaveLength(4);
    await h.pager.settled();
    h.store.close();
  });

  it('is not asked for after an opening, a page from the cache or someone else’s fetch', async () => {
    const h = harness();
    await h.pager.page(topic, sent.at(-5)!, PAGE, PAGE, { beforeStored: true });
    await h.pager.page(topic, 'newest', PAGE, 0);
    await h.pager.settled();
    const cached = await older(h, sent.at(-1)!);
    expect(cached.fromCache).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(h.anchors).toEqual([String(sent.at(-5)), 'newest']);
    h.store.close();
  });

  describe('is asked for again when it may be stale', () => {
    const reacted = () => sent.at(-PAGE - 3)!;
    const cases: [string, (h: Harness) => Promise<void>, (second: Awaited<ReturnType<typeof older>>) => void][] = [
      [
        'a reaction to one of its messages came as an event',
        async (h) => {
          const res = await fetch(`${server.baseUrl}/api/v1/messages/${reacted()}/reactions`, {
            method: 'POST',
            headers: { authorization: `Basic ${Buffer.from(`${me.email}:${me.apiKey}`).toString('base64')}` },
            body: new URLSearchParams({ emoji_name: 'octopus' }),
          });
          expect(res.status).toBe(200);
          applyReaction(
            { store: h.store } as ApplyContext,
            {
              type: 'reaction',
              op: 'add',
              message_id: reacted(),
              user_id: me.userId,
              emoji_name: 'octopus',
              emoji_code: '1f419',
              reaction_type: 'unicode_emoji',
            } as Parameters<typeof applyReaction>[1],
          );
        },
        (second) =>
          expect(second.messages.find((m) => m.id === reacted())?.reactions.map((r) => r.emojiName)).toContain(
            'octopus',
          ),
      ],
      [
        'a message was moved or deleted',
        async (h) => h.store.versions.touchStructure([sent[0]!], 'whole'),
        () => undefined,
      ],
      ['the event queue was lost and registered again', async (h) => void (h.queue.id = 'queue-2'), () => undefined],
    ];
    for (const [what, change, check] of cases) {
      it(`when ${what}`, async () => {
        const h = harness();
        await older(h, 'newest');
        await h.answered(2);
        await change(h);
        const second = await older(h, sent.at(-PAGE)!);
        expect(ids(second)).toEqual(sent.slice(-2 * PAGE, -PAGE + 1));
        check(second);
        // Its own request for the same anchor, then the next page's ahead.
        expect(h.anchors.slice(0, 3)).toEqual(['newest', String(sent.at(-PAGE)), String(sent.at(-PAGE))]);
        await h.pager.settled();
        h.store.close();
      });
    }
  });

  it('costs nothing when it failed: the page is asked for when needed', async () => {
    const h = harness();
    h.fail(2);
    await older(h, 'newest');
    await h.answered(2);
    const second = await older(h, sent.at(-PAGE)!);
    expect(second.fromCache).toBe(false);
    expect(ids(second)).toEqual(sent.slice(-2 * PAGE, -PAGE + 1));
    expect(h.anchors.slice(0, 3)).toEqual(['newest', String(sent.at(-PAGE)), String(sent.at(-PAGE))]);
    await h.pager.settled();
    h.store.close();
  });
});

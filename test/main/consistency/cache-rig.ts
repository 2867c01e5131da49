/**
 * The real cache parts of one account (AccountStore on a temp file, Pager, appliers, snapshot,
 * Revalidator) against the dev server, with the sync loop's steps in the test's hands so races
 * are exact instead of timed: `drain()` applies whatever events are queued now, `loseQueue()`
 * stops listening (what happens next is a gap), `reconnect()` registers a new queue as the
 * engine does (snapshot, refetch of the open view, gap catch-up, background revalidation), and
 * `hold()` keeps the next GET /messages answer back until the test releases it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { messageFetcher } from '../../../main/accounts/fetcher';
import { refreshAfterGap } from '../../../main/accounts/gap-catch-up';
import { Pager } from '../../../main/accounts/pager';
import { RequestBudget } from '../../../main/accounts/request-budget';
import { Revalidator } from '../../../main/accounts/revalidator';
import { ApiClient, NetworkError } from '../../../main/api';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import type { NarrowFilter } from '../../../main/store/narrows';
import { applyEvents } from '../../../main/sync/apply-batch';
import type { Delta } from '../../../main/sync/deltas';
import { applySnapshot } from '../../../main/sync/snapshot';
import { apiForClient, type SyncApi } from '../../../main/sync/sync-api';
import { tempDir } from '../store/fixtures';

const log = createLogger({ name: 'cache-rig', sink: () => {} });

export interface Held {
  /** Resolves once the server has answered (the answer is then kept back). */
  answered: Promise<void>;
  /** Lets the answer through; a hold no request took is dropped. */
  release(): void;
  /** Runs `fn`: the first GET /messages it makes (or starts, e.g. a revalidation) is the one held. */
  around<T>(fn: () => Promise<T>): Promise<T>;
}

interface Hold {
  taken: boolean;
  answered: () => void;
  gate: Promise<void>;
}

/** The hold of the code running now: only requests made under `Held.around` are held. */
const currentHold = new AsyncLocalStorage<Hold>();

/**
 * The sync loop's requests, retried as its backoff would: a loopback connection the server reset
 * (a kept-alive socket it had just closed, seen once in 450 runs) is not what these tests are about.
 */
async function retried<T>(request: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await request();
    } catch (e) {
      if (!(e instanceof NetworkError) || attempt >= 3) throw e;
    }
  }
}

export class CacheRig {
  readonly store: AccountStore;
  readonly pager: Pager;
  readonly revalidator: Revalidator;
  /** Every delta the rig's parts published (what the screen would have been told). */
  readonly published: Delta[] = [];
  openView: NarrowFilter | null = null;
  readonly client: ApiClient;
  #api: SyncApi;
  /** Requests whose path ends so: sent and applied by the server, then the answer is lost. */
  #loseAnswers: string[] = [];
  /** Awaited with each answer before the client sees it (e.g. to arm a dev server fault for the next request). */
  beforeAnswer: ((url: URL) => Promise<void>) | null = null;
  #queue: string | null = null;
  #lastEventId = -1;

  constructor(
    readonly baseUrl: string,
    readonly creds: { email: string; apiKey: string; userId: number },
    file = join(tempDir(), 'rig.sqlite'),
    budget?: RequestBudget,
  ) {
    this.store = AccountStore.open(file);
    const client = new ApiClient({ realmUrl: baseUrl, auth: creds, fetch: (i, init) => this.#fetch(i, init), log });
    this.client = client;
    this.#api = apiForClient(client);
    this.pager = new Pager({
      store: this.store,
      fetch: messageFetcher(client, () => 420, creds.userId),
      liveQueueId: () => this.#queue,
      log,
      onStale: (f, a, b, af) => this.revalidator.viewed(f, a, b, af),
      onDoubt: () => this.revalidator.resume(),
    });
    this.revalidator = new Revalidator({
      store: this.store,
      pager: this.pager,
      openView: () => this.openView,
      publish: (d) => this.published.push(...d),
      log,
      // Unlimited unless a test is about the cap: a minute's wait would only slow the scripts.
      budget: budget ?? new RequestBudget(Number.POSITIVE_INFINITY),
    });
  }

  get live(): boolean {
    return this.#queue !== null;
  }

  /** POST /register and its snapshot, then what the account does after every register. */
  async reconnect(): Promise<void> {
    const r = await retried(() => this.#api.register(new AbortController().signal));
    applySnapshot(this.store, r, this.creds.userId, Date.now(), log);
    this.#queue = r.queue_id;
    this.#lastEventId = r.last_event_id;
    await refreshAfterGap(
      {
        pager: this.pager,
        store: this.store,
        log,
        openView: this.openView,
        publish: (d) => this.published.push(...d),
        notify: () => {},
      },
      this.store.messages.newestId() || null,
    );
    this.revalidator.afterGap();
  }

  /** The queue is gone (a long sleep): events from now on are never seen. */
  loseQueue(): void {
    this.#queue = null;
  }

  /** Applies every event queued on the server now, as the sync loop would. */
  async drain(): Promise<number> {
    if (!this.#queue) return 0;
    let applied = 0;
    for (;;) {
      const args = { queueId: this.#queue, lastEventId: this.#lastEventId, dontBlock: true, longpollTimeoutSeconds: 5 };
      const events = (await retried(() => this.#api.getEvents(args, new AbortController().signal))).filter(
        (e) => e.id > this.#lastEventId,
      );
      if (events.length === 0) return applied;
      this.store.transaction(() =>
        this.published.push(...applyEvents({ store: this.store, selfUserId: this.creds.userId, log }, events)),
      );
      this.#lastEventId = Math.max(...events.map((e) => e.id));
      applied += events.length;
      this.revalidator.resume();
    }
  }

  /** A GET /messages made under `around` is answered by the server at once, but reaches the pager only on release. */
  hold(): Held {
    let answered!: () => void;
    let release!: () => void;
    const done = new Promise<void>((r) => (answered = r));
    const gate = new Promise<void>((r) => (release = r));
    const hold: Hold = { taken: false, answered, gate };
    return { answered: done, release, around: (fn) => currentHold.run(hold, fn) };
  }

  /**
   * The next request to a path ending in `suffix` reaches the server, which applies it, but its
   * answer is lost on the way back; the events it caused are applied before the caller hears of
   * the failure (the order in which the sync loop beats the failed request's handler).
   */
  loseAnswerOf(suffix: string): void {
    this.#loseAnswers.push(suffix);
  }

  close(): void {
    this.revalidator.close();
    this.store.close();
  }

  async #fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const isPage = url.pathname.endsWith('/api/v1/messages') && (init?.method ?? 'GET') === 'GET';
    const hold = isPage ? currentHold.getStore() : undefined;
    const held = hold && !hold.taken ? hold : undefined;
    if (held) held.taken = true;
    const res = await fetch(input, init);
    await this.beforeAnswer?.(url);
    const lose = this.#loseAnswers.findIndex((suffix) => url.pathname.endsWith(suffix));
    if (lose >= 0) {
      this.#loseAnswers.splice(lose, 1);
      await res.text();
      await this.drain();
      throw new TypeError('fetch failed: the connection was reset');
    }
    if (!held) return res;
    const body = await res.text();
    held.answered();
    await held.gate;
    return new Response(body, { status: res.status, headers: res.headers });
  }
}

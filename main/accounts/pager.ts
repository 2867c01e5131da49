/**
 * messages:page for one account. From the cache when message_ranges proves the window is all
 * there. When the range holding the anchor proves only part of it, only the missing sides are
 * fetched, starting at the range's edges, so the new messages join the known range; the answer joins
 * what was read and what was fetched (read again only if an event wrote to the cache meanwhile). With no
 * range around the anchor the whole window is fetched. Requests ask for at most MAX_PER_REQUEST
 * messages; what they return is stored, with the range it proves, before answering, or right after
 * it for messages:page (./pending-stores.ts). The store goes in chunks with the event loop free in
 * between, so a 5,000-message window never stalls IPC.
 * When the server cannot be asked, whatever the cache holds is the answer. What a fetch stores
 * replaces the cache inside the range it proves, never over anything newer (./page-store.ts).
 * A window answered from a range not checked since the last event gap is handed to `onStale`,
 * which asks the server again in the background (./revalidator.ts).
 */
import { isAuthFailure, isTransient } from '../api/errors';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import { NEWEST, filterKey, type NarrowFilter } from '../store/narrows';
import { WriteWatch } from '../store/write-watch';
import type { CachedMessage } from '../store/repos/message-rows';
import { anchorId, resolveFirstUnread, viewAround, windowOf, type CacheView, type PageAnchor } from './cache-page';
import { fetchSide, fetchWindow, type FetchedPage, type MessageFetcher } from './fetch-window';
import { inNarrow, provenRange, storePage, type PageStart } from './page-store';
import { PageAhead } from './page-ahead';
import { PendingStores } from './pending-stores';

export { MAX_PER_REQUEST, type FetchRequest, type FetchedPage, type MessageFetcher } from './fetch-window';

/** The account has no way to ask the server right now (signed out, no key). */
export class NotConnectedError extends Error {
  override readonly name = 'NotConnectedError';
}

/** Failures after which cached messages are a better answer than an error. */
function cacheIsBetter(e: unknown): boolean {
  return isTransient(e) || isAuthFailure(e) || e instanceof NotConnectedError;
}

export interface PageResult {
  messages: CachedMessage[];
  foundOldest: boolean;
  foundNewest: boolean;
  fromCache: boolean;
  /** IDs that were not cached before this call (the resync publishes them as messages:added). */
  newIds: number[];
  /** Cached in this narrow before, no longer there on the server: dropped (messages:removed). */
  removedIds: number[];
  /** Cached before and changed by this answer; only when fetch was asked to report them. */
  changedIds: number[];
}

function nothingChanged(): Pick<PageResult, 'newIds' | 'removedIds' | 'changedIds'> {
  return { newIds: [], removedIds: [], changedIds: [] };
}

export interface PageOptions {
  /**
   * Answer with the part of the window the cache proves, without waiting for the server, when it
   * proves some of it (a conversation being opened: its first screen shows at once).
   */
  cacheFirst?: boolean;
  /**
   * Never ask the server: when the cache cannot answer (by cacheFirst's rule, if set), fail with
   * NotCachedError (the first screen read before the app asks for it, main/first-screen.ts).
   */
  cacheOnly?: boolean;
  /**
   * A window fetched from the server is answered as soon as it arrives, when no event changed its
   * messages meanwhile; it is stored after (./pending-stores.ts). For a caller that reads the page
   * and nothing else from the cache (messages:page); newIds and removedIds stay empty then.
   */
  beforeStored?: boolean;
}

/** PageOptions.cacheOnly: the cache does not hold what was asked for. */
export class NotCachedError extends Error {
  constructor() {
    super('the cache does not hold this window');
    this.name = 'NotCachedError';
  }
}

export interface PagerDeps {
  store: AccountStore;
  fetch: MessageFetcher;
  /** The live event queue, or null: a fetched range may stay open to the newest message only while one is live. */
  liveQueueId: () => string | null;
  log: Logger;
  /** A window was answered from a range not checked since the last event gap. */
  onStale?: (filter: NarrowFilter, anchor: PageAnchor, before: number, after: number) => void;
  /** A stored page left some messages unverified (changed while it was on its way): check them again. */
  onDoubt?: () => void;
}

/**
 * How many times a window is asked for when a new snapshot (or "mark all read") lands while it is
 * on its way: such an answer is not stored, and answering from the cache alone would leave out
 * every fetched message the cache did not hold (a Combined feed opened during the first sync
 * showed no DM). The next answer is after the snapshot, so a second try almost always stands.
 */
const ATTEMPTS_OVER_SNAPSHOTS = 3;

/** A fetch whose answer could not be stored because everything may have changed meanwhile. */
const OVERTAKEN = Symbol('overtaken');

export class Pager {
  readonly #d: PagerDeps;
  readonly #pending: PendingStores;
  readonly #ahead: PageAhead;

  constructor(deps: PagerDeps) {
    this.#d = deps;
    this.#pending = new PendingStores(deps.store.versions, deps.log, () => this.#d.onDoubt?.());
    const { store, liveQueueId, log } = deps;
    this.#ahead = new PageAhead({ fetch: deps.fetch, versions: store.versions, liveQueueId, log });
  }

  /** Resolves when the pages answered before they were stored are stored (before the cache closes). */
  settled(): Promise<void> {
    this.#ahead.drop();
    return this.#pending.settled();
  }

  /** Resolves when the pages answered before they were stored, so far, are stored. */
  storesDone(): Promise<void> {
    return this.#pending.current();
  }

  async page(
    filter: NarrowFilter,
    anchor: PageAnchor | 'first_unread',
    before: number,
    after: number,
    options: PageOptions = {},
  ): Promise<PageResult> {
    const result = await this.#page(filter, anchor, before, after, options);
    // The app's own paging (messages:page): the next page is asked for while this one is read.
    if (options.beforeStored) this.#ahead.follow(filter, anchor, before, after, result);
    return result;
  }

  async #page(
    filter: NarrowFilter,
    anchor: PageAnchor | 'first_unread',
    before: number,
    after: number,
    { cacheFirst = false, cacheOnly = false, beforeStored = false }: PageOptions,
  ): Promise<PageResult> {
    const { store } = this.#d;
    await this.#pending.before(filter, anchor, before, after);
    const resolved = anchor === 'first_unread' ? resolveFirstUnread(store, filter) : anchor;
    const view = viewAround(store, filter, resolved, before, after);
    // Whole, or (cacheFirst) the part the cache proves: its found flags are false on a side with a
    // gap, so the list pages on from there.
    const complete = view !== null && !view.older && !view.newer;
    if (view && (complete || (cacheFirst && view.page.messages.length > 0))) {
      this.#checkVerified(filter, resolved, before, after, view);
      return { ...view.page, fromCache: true, ...nothingChanged() };
    }
    if (cacheOnly) throw new NotCachedError();
    if (!view) return this.#fetch(filter, resolved, before, after, false, beforeStored);
    const filled = await this.#fillGaps(filter, resolved, before, after, view, beforeStored);
    // The parts fetched were not stored, so the cache cannot join them: ask for the whole window.
    return filled === OVERTAKEN ? this.#fetch(filter, resolved, before, after, false, beforeStored) : filled;
  }

  /**
   * Asks the server for the whole window even if the cache could answer (the resync after a gap
   * and the revalidator use this); with `report`, also says which cached messages it changed.
   */
  async fetch(
    filter: NarrowFilter,
    anchor: PageAnchor,
    before: number,
    after: number,
    { report = false }: { report?: boolean } = {},
  ): Promise<PageResult> {
    return this.#fetch(filter, anchor, before, after, report, false);
  }

  async #fetch(
    filter: NarrowFilter,
    anchor: PageAnchor,
    before: number,
    after: number,
    report: boolean,
    beforeStored: boolean,
  ): Promise<PageResult> {
    for (let attempt = 1; ; attempt += 1) {
      const mayRetry = attempt < ATTEMPTS_OVER_SNAPSHOTS;
      const result = await this.#fetchOnce(filter, anchor, before, after, { report, mayRetry, beforeStored });
      if (result !== OVERTAKEN) return result;
      this.#d.log.info('a new snapshot landed while a page was fetched; asking again', {
        narrow: filterKey(filter),
        attempt,
      });
    }
  }

  async #fetchOnce(
    filter: NarrowFilter,
    anchor: PageAnchor,
    before: number,
    after: number,
    { report, mayRetry, beforeStored }: { report: boolean; mayRetry: boolean; beforeStored: boolean },
  ): Promise<PageResult | typeof OVERTAKEN> {
    const start = this.#begin();
    let handedOver = false;
    try {
      let fetched: FetchedPage;
      try {
        fetched = await fetchWindow(this.#ahead.fetch, filter, anchor, before, after);
      } catch (e) {
        return this.#unreachable(e, filter, anchor, before, after);
      }
      const range = provenRange(this.#d.store, this.#d.liveQueueId(), filter, anchor, fetched, start.queue);
      if (beforeStored && this.#pending.unchangedSince(start.version, fetched.messages)) {
        // Stored after the answer; the reader's version ends when the store does.
        handedOver = true;
        this.#pending.add(filter, fetched.messages, start.version, () =>
          storePage(this.#d.store, filter, fetched.messages, range, start),
        );
        return {
          messages: [...fetched.messages].sort((a, b) => a.id - b.id),
          foundOldest: fetched.foundOldest,
          foundNewest: fetched.foundNewest,
          fromCache: false,
          ...nothingChanged(),
        };
      }
      const stored = await storePage(this.#d.store, filter, fetched.messages, range, start, { report });
      if (mayRetry && this.#d.store.versions.everythingSince(start.version)) return OVERTAKEN;
      if (stored.doubtful > 0) this.#d.onDoubt?.();
      return {
        messages: this.#asCached(filter, fetched.messages, stored.skippedIds),
        foundOldest: fetched.foundOldest,
        foundNewest: fetched.foundNewest,
        fromCache: false,
        newIds: stored.newIds,
        removedIds: stored.removedIds,
        changedIds: stored.changedIds,
      };
    } finally {
      if (!handedOver) this.#d.store.versions.end(start.version);
    }
  }

  #begin(): PageStart {
    return { queue: this.#d.liveQueueId(), version: this.#d.store.versions.begin() };
  }

  /**
   * The fetched window as the cache now holds it: messages an event changed after the request are
   * taken from the cache (or left out when they are gone or left the narrow). Otherwise they were
   * just written whole, so no read back of the same rows.
   */
  #asCached(filter: NarrowFilter, fetched: readonly CachedMessage[], skipped: readonly number[]): CachedMessage[] {
    const sorted = [...fetched].sort((a, b) => a.id - b.id);
    if (skipped.length === 0) return sorted;
    const newer = new Map(this.#d.store.messages.getByIds(skipped).map((m) => [m.id, m]));
    const stale = new Set(skipped);
    return sorted.flatMap((m) => {
      if (!stale.has(m.id)) return [m];
      const now = newer.get(m.id);
      return now && inNarrow(now, filter) ? [now] : [];
    });
  }

  /** A window answered from the cache whose range was not checked since the last gap is asked for again. */
  #checkVerified(filter: NarrowFilter, anchor: PageAnchor, before: number, after: number, view: CacheView): void {
    if (!this.#d.onStale) return;
    const ids = view.page.messages.map((m) => m.id);
    const lo = ids[0] ?? view.range.lo;
    const hi = ids.at(-1) ?? view.range.hi;
    if (this.#d.store.unverified.overlaps(filterKey(filter), lo, hi)) this.#d.onStale(filter, anchor, before, after);
  }

  /** Fetches the missing sides of a partly cached window from the range's edges, then answers from the cache. */
  async #fillGaps(
    filter: NarrowFilter,
    anchor: PageAnchor,
    before: number,
    after: number,
    view: CacheView,
    beforeStored: boolean,
  ): Promise<PageResult | typeof OVERTAKEN> {
    this.#checkVerified(filter, anchor, before, after, view);
    const start = this.#begin();
    const early = { allowed: beforeStored, handedOver: false };
    try {
      return await this.#fillGapsFrom(filter, anchor, before, after, view, start, early);
    } finally {
      if (!early.handedOver) this.#d.store.versions.end(start.version);
    }
  }

  async #fillGapsFrom(
    filter: NarrowFilter,
    anchor: PageAnchor,
    before: number,
    after: number,
    view: CacheView,
    start: PageStart,
    early: { allowed: boolean; handedOver: boolean },
  ): Promise<PageResult | typeof OVERTAKEN> {
    const watch = new WriteWatch(this.#d.store);
    const fetched: { edge: number; page: FetchedPage }[] = [];
    try {
      if (view.older) {
        const page = await fetchSide(this.#ahead.fetch, filter, view.older.edge, 'older', view.older.count, false);
        fetched.push({ edge: view.older.edge, page });
      }
      if (view.newer) {
        const page = await fetchSide(this.#ahead.fetch, filter, view.newer.edge, 'newer', view.newer.count, false);
        fetched.push({ edge: view.newer.edge, page });
      }
    } catch (e) {
      return this.#unreachable(e, filter, anchor, before, after);
    }
    watch.check();
    const fetchedMessages = fetched.flatMap((f) => f.page.messages);
    // Nothing written since the cached part was read, nor to what was fetched: answered now, stored after.
    if (early.allowed && watch.untouched && this.#pending.unchangedSince(start.version, fetchedMessages)) {
      early.handedOver = true;
      this.#pending.add(filter, fetchedMessages, start.version, async () => {
        let doubtful = 0;
        for (const f of fetched) {
          const range = provenRange(this.#d.store, this.#d.liveQueueId(), filter, f.edge, f.page, start.queue);
          doubtful += (
            await storePage(this.#d.store, filter, f.page.messages, range, start, { notAsked: f.edge, watch })
          ).doubtful;
        }
        return { doubtful };
      });
      return {
        messages: windowOf([view.page.messages, fetchedMessages], anchor, before, after),
        foundOldest: view.page.foundOldest || fetched.some((f) => f.page.foundOldest),
        foundNewest: view.page.foundNewest || fetched.some((f) => f.page.foundNewest),
        fromCache: false,
        ...nothingChanged(),
      };
    }
    const newIds: number[] = [];
    const removedIds: number[] = [];
    for (const f of fetched) {
      const range = provenRange(this.#d.store, this.#d.liveQueueId(), filter, f.edge, f.page, start.queue);
      const stored = await storePage(this.#d.store, filter, f.page.messages, range, start, { notAsked: f.edge, watch });
      if (stored.doubtful > 0) this.#d.onDoubt?.();
      newIds.push(...stored.newIds);
      removedIds.push(...stored.removedIds);
      // Left as cached: the answer is read again below.
      if (stored.skippedIds.length > 0) watch.check();
    }
    if (this.#d.store.versions.everythingSince(start.version)) return OVERTAKEN;
    watch.check();
    // The cached part read above still stands unless an event changed the cache meanwhile.
    const again = watch.untouched ? null : viewAround(this.#d.store, filter, anchor, before, after);
    const page = again?.page ?? {
      ...view.page,
      messages: windowOf([view.page.messages, ...fetched.map((f) => f.page.messages)], anchor, before, after),
    };
    return {
      messages: page.messages,
      foundOldest: page.foundOldest || fetched.some((f) => f.page.foundOldest),
      foundNewest: page.foundNewest || fetched.some((f) => f.page.foundNewest),
      fromCache: false,
      newIds,
      removedIds,
      changedIds: [],
    };
  }

  #unreachable(e: unknown, filter: NarrowFilter, anchor: PageAnchor, before: number, after: number): PageResult {
    if (!cacheIsBetter(e)) throw e;
    this.#d.log.info('cannot ask the server; answering from the cache', {
      narrow: filterKey(filter),
      reason: String(e),
    });
    return this.#bestEffort(filter, anchor, before, after);
  }

  /** What the cache holds around the anchor, without claiming it is complete. */
  #bestEffort(filter: NarrowFilter, anchor: PageAnchor, before: number, after: number): PageResult {
    const { messages } = this.#d.store;
    const id = anchorId(anchor);
    const older = messages.readBefore(filter, id, 0, before);
    const atAnchor = typeof anchor === 'number' ? messages.readAfter(filter, id - 1, id, 1) : [];
    const newer = messages.readAfter(filter, id, NEWEST, after);
    return {
      messages: [...older, ...atAnchor, ...newer],
      foundOldest: false,
      foundNewest: false,
      fromCache: true,
      ...nothingChanged(),
    };
  }
}

/**
 * messages:page for one account. From the cache when message_ranges proves the window is all
 * there. When the range holding the anchor proves only part of it, only the missing sides are
 * fetched, starting at the range's edges, so the new messages join the known range; the answer joins
 * what was read and what was fetched (read again only if an event wrote to the cache meanwhile). With no
 * range around the anchor the whole window is fetched. Requests ask for at most MAX_PER_REQUEST
 * messages; what they return is stored, with the range it proves, before answering. The store
 * goes in chunks with the event loop free in between, so a 5,000-message window never stalls IPC.
 * When the server cannot be asked, whatever the cache holds is the answer.
 */
import { isAuthFailure, isTransient } from '../api/errors';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import { cacheMessagesInChunks } from '../store/cache-messages';
import { NEWEST, filterKey, type NarrowFilter } from '../store/narrows';
import { WriteWatch } from '../store/write-watch';
import type { CachedMessage } from '../store/repos/message-rows';
import { anchorId, resolveFirstUnread, viewAround, windowOf, type CacheView, type PageAnchor } from './cache-page';
import { fetchSide, fetchWindow, type FetchedPage, type MessageFetcher } from './fetch-window';

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
}

export class Pager {
  readonly #d: PagerDeps;

  constructor(deps: PagerDeps) {
    this.#d = deps;
  }

  async page(
    filter: NarrowFilter,
    anchor: PageAnchor | 'first_unread',
    before: number,
    after: number,
    { cacheFirst = false, cacheOnly = false }: PageOptions = {},
  ): Promise<PageResult> {
    const { store } = this.#d;
    const resolved = anchor === 'first_unread' ? resolveFirstUnread(store, filter) : anchor;
    const view = viewAround(store, filter, resolved, before, after);
    // Whole, or (cacheFirst) the part the cache proves: its found flags are false on a side with a
    // gap, so the list pages on from there.
    const complete = view !== null && !view.older && !view.newer;
    if (view && (complete || (cacheFirst && view.page.messages.length > 0))) {
      return { ...view.page, fromCache: true, newIds: [] };
    }
    if (cacheOnly) throw new NotCachedError();
    if (view) return this.#fillGaps(filter, resolved, before, after, view);
    return this.fetch(filter, resolved, before, after);
  }

  /** Asks the server for the whole window even if the cache could answer (the resync after a gap uses this). */
  async fetch(filter: NarrowFilter, anchor: PageAnchor, before: number, after: number): Promise<PageResult> {
    const queueAtStart = this.#d.liveQueueId();
    let fetched: FetchedPage;
    try {
      fetched = await fetchWindow(this.#d.fetch, filter, anchor, before, after);
    } catch (e) {
      return this.#unreachable(e, filter, anchor, before, after);
    }
    const newIds = await this.#store(filter, anchor, fetched, queueAtStart);
    return {
      // Just written whole, so they are what the cache now holds: no read back of the same rows.
      messages: [...fetched.messages].sort((a, b) => a.id - b.id),
      foundOldest: fetched.foundOldest,
      foundNewest: fetched.foundNewest,
      fromCache: false,
      newIds,
    };
  }

  /** Fetches the missing sides of a partly cached window from the range's edges, then answers from the cache. */
  async #fillGaps(
    filter: NarrowFilter,
    anchor: PageAnchor,
    before: number,
    after: number,
    view: CacheView,
  ): Promise<PageResult> {
    const queueAtStart = this.#d.liveQueueId();
    const watch = new WriteWatch(this.#d.store);
    const fetched: { edge: number; page: FetchedPage }[] = [];
    try {
      if (view.older) {
        const page = await fetchSide(this.#d.fetch, filter, view.older.edge, 'older', view.older.count, false);
        fetched.push({ edge: view.older.edge, page });
      }
      if (view.newer) {
        const page = await fetchSide(this.#d.fetch, filter, view.newer.edge, 'newer', view.newer.count, false);
        fetched.push({ edge: view.newer.edge, page });
      }
    } catch (e) {
      return this.#unreachable(e, filter, anchor, before, after);
    }
    const newIds: number[] = [];
    for (const f of fetched) newIds.push(...(await this.#store(filter, f.edge, f.page, queueAtStart, watch)));
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

  /**
   * Stores a fetched window in chunks (see cacheMessagesInChunks), then the range it proves;
   * returns the IDs that are new. The range is written last, so it never vouches for messages
   * still waiting in a later chunk, and whether it may stay open is judged after the last chunk.
   */
  async #store(
    filter: NarrowFilter,
    anchor: PageAnchor,
    page: FetchedPage,
    queueAtStart: string | null,
    watch?: WriteWatch,
  ) {
    const { store } = this.#d;
    const newIds = await cacheMessagesInChunks(store, page.messages, watch);
    const range = this.#provenRange(filter, anchor, page, queueAtStart);
    watch?.check();
    if (range) store.ranges.add(filterKey(filter), range.lo, range.hi);
    watch?.mark();
    return newIds;
  }

  #provenRange(filter: NarrowFilter, anchor: PageAnchor, page: FetchedPage, queueAtStart: string | null) {
    const ids = page.messages.map((m) => m.id);
    // The answer covers everything up to (or from) a numeric anchor, whether or not it was included.
    if (typeof anchor === 'number') ids.push(anchor);
    const min = ids.length > 0 ? Math.min(...ids) : null;
    const max = ids.length > 0 ? Math.max(...ids) : null;
    const lo = page.foundOldest ? 0 : min;
    // Open to the newest only if events for this narrow have flowed, without a gap, since before the fetch.
    const stayOpen =
      queueAtStart !== null &&
      queueAtStart === this.#d.liveQueueId() &&
      (filter.kind === 'dm' || this.#d.store.channels.isSubscribed(filter.channelId));
    const hi = page.foundNewest && stayOpen ? NEWEST : max;
    // An empty narrow, seen whole while events flow: every message it will get arrives as an event.
    if (ids.length === 0 && page.foundOldest && hi === NEWEST) return { lo: 0, hi };
    if (lo === null || hi === null || lo > hi) return null;
    return { lo, hi };
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
      newIds: [],
    };
  }
}

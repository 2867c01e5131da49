/**
 * messages:page for one account: from the cache when message_ranges says the window is all
 * there, otherwise from the server (at most MAX_PER_REQUEST messages a request), stored and
 * recorded as a known range before answering. Offline, it answers with what the cache has.
 */
import { isAuthFailure, isTransient } from '../api/errors';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import { NEWEST, filterKey, type NarrowFilter } from '../store/narrows';
import type { CachedMessage } from '../store/repos/message-rows';
import { readCachedPage, resolveFirstUnread, type PageAnchor } from './cache-page';

/** The account has no way to ask the server right now (signed out, no key). */
export class NotConnectedError extends Error {
  override readonly name = 'NotConnectedError';
}

/** Failures after which cached messages are a better answer than an error. */
function cacheIsBetter(e: unknown): boolean {
  return isTransient(e) || isAuthFailure(e) || e instanceof NotConnectedError;
}

/** Zulip recommends batches of at most 1000 messages (and refuses more than 5000). */
export const MAX_PER_REQUEST = 1000;

export interface FetchRequest {
  filter: NarrowFilter;
  anchor: PageAnchor;
  before: number;
  after: number;
  includeAnchor: boolean;
}

export interface FetchedPage {
  messages: CachedMessage[];
  foundOldest: boolean;
  foundNewest: boolean;
}

/** GET /messages for one window, converted to cache values (see sync/convert). */
export type MessageFetcher = (req: FetchRequest) => Promise<FetchedPage>;

export interface PageResult {
  messages: CachedMessage[];
  foundOldest: boolean;
  foundNewest: boolean;
  fromCache: boolean;
  /** IDs that were not cached before this call (the resync publishes them as messages:added). */
  newIds: number[];
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
  ): Promise<PageResult> {
    const { store } = this.#d;
    const resolved = anchor === 'first_unread' ? resolveFirstUnread(store, filter) : anchor;
    const cached = readCachedPage(store, filter, resolved, before, after);
    if (cached) return { ...cached, fromCache: true, newIds: [] };
    return this.fetch(filter, resolved, before, after);
  }

  /** Asks the server even if the cache could answer (the resync after a gap uses this). */
  async fetch(filter: NarrowFilter, anchor: PageAnchor, before: number, after: number): Promise<PageResult> {
    const queueAtStart = this.#d.liveQueueId();
    let fetched: FetchedPage;
    try {
      fetched = await this.#fetchWindow(filter, anchor, before, after);
    } catch (e) {
      if (!cacheIsBetter(e)) throw e;
      this.#d.log.info('cannot ask the server; answering from the cache', {
        narrow: filterKey(filter),
        reason: String(e),
      });
      return this.#bestEffort(filter, anchor, before, after);
    }
    const newIds = this.#storeFetched(filter, anchor, fetched, queueAtStart);
    return {
      messages: this.#d.store.messages.getByIds(fetched.messages.map((m) => m.id)),
      foundOldest: fetched.foundOldest,
      foundNewest: fetched.foundNewest,
      fromCache: false,
      newIds,
    };
  }

  async #fetchWindow(filter: NarrowFilter, anchor: PageAnchor, before: number, after: number): Promise<FetchedPage> {
    const anchorCost = typeof anchor === 'number' ? 1 : 0;
    if (before + after + anchorCost <= MAX_PER_REQUEST) {
      return this.#d.fetch({ filter, anchor, before, after, includeAnchor: true });
    }
    const older = await this.#d.fetch({
      filter,
      anchor,
      before: Math.min(before, MAX_PER_REQUEST - anchorCost),
      after: 0,
      includeAnchor: true,
    });
    const newer = await this.#d.fetch({
      filter,
      anchor,
      before: 0,
      after: Math.min(after, MAX_PER_REQUEST),
      includeAnchor: false,
    });
    const byId = new Map([...older.messages, ...newer.messages].map((m) => [m.id, m]));
    return {
      messages: [...byId.values()].sort((a, b) => a.id - b.id),
      foundOldest: older.foundOldest,
      foundNewest: newer.foundNewest,
    };
  }

  /** Stores a fetched window and the range it proves, in one transaction; returns the IDs that are new. */
  #storeFetched(filter: NarrowFilter, anchor: PageAnchor, page: FetchedPage, queueAtStart: string | null): number[] {
    const { store } = this.#d;
    return store.transaction(() => {
      const ids = page.messages.map((m) => m.id);
      const known = new Set(store.messages.getByIds(ids).map((m) => m.id));
      store.messages.upsertMany(page.messages);
      for (const m of page.messages) {
        if (m.read) store.unreads.remove([m.id]);
        else
          store.unreads.add([
            { messageId: m.id, channelId: m.channelId, topic: m.channelId === null ? null : m.topic, dmKey: m.dmKey },
          ]);
        if (m.channelId !== null) store.topics.note(m.channelId, m.topic, m.id);
        if (m.dmKey !== null) store.recentDms.note(m.dmKey, m.id);
      }
      const range = this.#provenRange(filter, anchor, page, queueAtStart);
      if (range) store.ranges.add(filterKey(filter), range.lo, range.hi);
      return ids.filter((id) => !known.has(id));
    });
  }

  #provenRange(filter: NarrowFilter, anchor: PageAnchor, page: FetchedPage, queueAtStart: string | null) {
    const ids = page.messages.map((m) => m.id);
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
    if (lo === null || hi === null || lo > hi) return null;
    return { lo, hi };
  }

  /** What the cache holds around the anchor, without claiming it is complete. */
  #bestEffort(filter: NarrowFilter, anchor: PageAnchor, before: number, after: number): PageResult {
    const { messages } = this.#d.store;
    const anchorId = anchor === 'newest' ? NEWEST : anchor === 'oldest' ? 0 : anchor;
    const older = messages.readBefore(filter, anchorId, 0, before);
    const atAnchor = typeof anchor === 'number' ? messages.readAfter(filter, anchorId - 1, anchorId, 1) : [];
    const newer = messages.readAfter(filter, anchorId, NEWEST, after);
    return {
      messages: [...older, ...atAnchor, ...newer],
      foundOldest: false,
      foundNewest: false,
      fromCache: true,
      newIds: [],
    };
  }
}

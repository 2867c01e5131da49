/**
 * The next page of a list paging through history the cache does not hold, asked for while the
 * reader reads the one just answered (issue 28: catching up on thousands of missed messages, or
 * scrolling back through them, waited one round trip per page). Only after a page the app asked
 * for (messages:page) that reached the server and stopped short of the narrow's end, in the
 * direction it paged: the list asks for that page next, anchored at the message it ends with.
 *
 * A page fetched ahead is an answer from before the pager's request began, so it is used only if
 * nothing could have made it stale meanwhile: the same event queue still live, no move, delete or
 * new snapshot, and none of its messages changed by an event or the user since it was asked for.
 * While it is on its way a reader's version keeps the stamps of what changed; once it is in, a
 * watch on its own messages takes over (a reader held for the minute it may wait kept the stamp of
 * every message touched meanwhile: ~0.4 KiB each under a steady flow). Otherwise, or when it
 * failed, the request goes out as if nothing had been fetched ahead. One page ahead at a time; one
 * not asked for within a minute is dropped.
 */
import type { Logger } from '../log';
import { filterKey, type NarrowFilter } from '../store/narrows';
import type { CachedMessage } from '../store/repos/message-rows';
import type { CacheVersions, VersionWatch } from '../store/versions';
import type { PageAnchor } from './cache-page';
import type { FetchedPage, FetchRequest, MessageFetcher } from './fetch-window';

type Direction = 'older' | 'newer';

/** A page fetched ahead once it is in: whether it was already overtaken then, and its watch since. */
interface Arrived {
  page: FetchedPage;
  staleOnArrival: boolean;
  watch: VersionWatch;
}

interface Ahead {
  key: string;
  direction: Direction;
  anchor: number;
  count: number;
  /** The event queue live when it was asked for. */
  queue: string | null;
  page: Promise<Arrived | null>;
  expiry: ReturnType<typeof setTimeout>;
  dropped: boolean;
}

export interface PageAheadDeps {
  fetch: MessageFetcher;
  versions: CacheVersions;
  liveQueueId: () => string | null;
  log: Logger;
}

/** What a page the app asked for came back as (the pager's answer). */
export interface AnsweredPage {
  messages: readonly CachedMessage[];
  foundOldest: boolean;
  foundNewest: boolean;
  fromCache: boolean;
}

const KEPT_MS = 60_000;

function directionOf(req: { before: number; after: number }): Direction | null {
  if (req.after === 0 && req.before > 0) return 'older';
  if (req.before === 0 && req.after > 0) return 'newer';
  return null;
}

export class PageAhead {
  readonly #d: PageAheadDeps;
  #ahead: Ahead | null = null;

  constructor(deps: PageAheadDeps) {
    this.#d = deps;
  }

  /** The pager's fetcher: a request the page fetched ahead can answer is answered from it. */
  readonly fetch: MessageFetcher = async (req) => {
    const ahead = this.#take(req);
    if (ahead) {
      const arrived = await ahead.page;
      arrived?.watch.stop();
      const queue = this.#d.liveQueueId() === ahead.queue;
      if (arrived && queue && !arrived.staleOnArrival && !arrived.watch.changed) {
        return cut(arrived.page, req, ahead.anchor);
      }
      this.#d.log.info('a page fetched ahead was overtaken; asking again', { narrow: ahead.key });
    }
    return this.#d.fetch(req);
  };

  /** After a page the app asked for was answered: fetches the next one when the list pages on. */
  follow(filter: NarrowFilter, anchor: PageAnchor | 'first_unread', before: number, after: number, page: AnsweredPage) {
    const direction = directionOf({ before, after });
    if (page.fromCache || direction === null || page.messages.length === 0) return;
    const ids = page.messages.map((m) => m.id);
    if (direction === 'older' && !page.foundOldest && (typeof anchor === 'number' || anchor === 'newest')) {
      this.#ask(filter, 'older', Math.min(...ids), before);
    } else if (direction === 'newer' && !page.foundNewest && typeof anchor === 'number') {
      this.#ask(filter, 'newer', Math.max(...ids), after);
    }
  }

  /** Forgets the page fetched ahead (the account closes). */
  drop(): void {
    const ahead = this.#ahead;
    if (!ahead) return;
    this.#ahead = null;
    clearTimeout(ahead.expiry);
    ahead.dropped = true;
    void ahead.page.then((arrived) => arrived?.watch.stop());
  }

  #ask(filter: NarrowFilter, direction: Direction, anchor: number, count: number): void {
    this.drop();
    const req: FetchRequest = {
      filter,
      anchor,
      before: direction === 'older' ? count : 0,
      after: direction === 'newer' ? count : 0,
      includeAnchor: true,
    };
    const { versions } = this.#d;
    const start = versions.begin();
    const expiry = setTimeout(() => this.#ahead === ahead && this.drop(), KEPT_MS);
    expiry.unref?.();
    const ahead: Ahead = {
      key: filterKey(filter),
      direction,
      anchor,
      count,
      queue: this.#d.liveQueueId(),
      page: this.#d
        .fetch(req)
        .then(
          (page): Arrived => {
            const staleOnArrival =
              versions.structureSince(start) ||
              page.messages.some((m) => versions.changedSince(m.id, start).length > 0);
            const watch = versions.watch(page.messages.map((m) => m.id));
            if (ahead.dropped) watch.stop();
            return { page, staleOnArrival, watch };
          },
          (e: unknown) => {
            this.#d.log.info('a page fetched ahead failed; it will be asked for when needed', { reason: String(e) });
            return null;
          },
        )
        .finally(() => versions.end(start)),
      expiry,
      dropped: false,
    };
    this.#ahead = ahead;
  }

  /** The page ahead, taken, if it answers this request (the same narrow, side and anchor, no more messages). */
  #take(req: FetchRequest): Ahead | null {
    const ahead = this.#ahead;
    if (!ahead || ahead.key !== filterKey(req.filter) || ahead.anchor !== req.anchor) return null;
    if (directionOf(req) !== ahead.direction || req.before + req.after > ahead.count) return null;
    this.#ahead = null;
    clearTimeout(ahead.expiry);
    return ahead;
  }
}

/** The part of a page fetched ahead (anchor included, `count` on one side) that a request asks for. */
function cut(page: FetchedPage, req: FetchRequest, anchor: number): FetchedPage {
  const older = req.after === 0;
  const side = page.messages.filter((m) => (older ? m.id < anchor : m.id > anchor)).sort((a, b) => a.id - b.id);
  const n = req.before + req.after;
  const taken = older ? side.slice(Math.max(0, side.length - n)) : side.slice(0, n);
  const own = req.includeAnchor ? page.messages.filter((m) => m.id === anchor) : [];
  const messages = [...taken, ...own].sort((a, b) => a.id - b.id);
  const whole = taken.length === side.length;
  return {
    messages,
    foundOldest: older ? page.foundOldest && whole : page.foundOldest,
    foundNewest: older ? page.foundNewest : page.foundNewest && whole,
  };
}

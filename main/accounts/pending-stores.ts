/**
 * Pages answered before they are stored (issue 28: a catch-up of thousands of missed messages
 * waited for every slice to be written before the renderer saw any). The writes wait until the
 * reader stops paging: a store running beside the next page's request took the thread's CPU from
 * it (in a 5,000-message catch-up, half of the core's busy time was these stores). They then run
 * one after another, slice by slice. This keeps them so that a later page that could be answered
 * from them waits for them first (its answer, and the requests it makes, stay what they were when
 * every page was stored before the answer), and so that closing the account waits for them before
 * the cache closes; either sets them going at once.
 */
import type { Logger } from '../log';
import { yieldToEventLoop } from '../store/cache-messages';
import { filterKey, type NarrowFilter } from '../store/narrows';
import type { CachedMessage } from '../store/repos/message-rows';
import type { CacheVersions } from '../store/versions';
import { anchorId, type PageAnchor } from './cache-page';

interface Pending {
  key: string;
  /** The IDs the stored page spans (lowest, highest). */
  lo: number;
  hi: number;
  count: number;
  added: number;
  run: () => Promise<void>;
  done: Promise<void>;
}

export interface StoreTiming {
  /** The pager must have been this long without a page asked for or answered. */
  quietMs: number;
  /** A store waits no longer than this, however busy the pager (a reader paging without pause). */
  maxWaitMs: number;
  /** Nor while this many messages wait (what they hold in memory). */
  maxWaitingMessages: number;
}

export const STORE_TIMING: StoreTiming = { quietMs: 300, maxWaitMs: 2_000, maxWaitingMessages: 5_000 };

export class PendingStores {
  /** In the order they were answered, the one being written first. */
  readonly #pending: Pending[] = [];
  readonly #versions: CacheVersions;
  readonly #log: Logger;
  readonly #onDoubt: () => void;
  readonly #timing: StoreTiming;
  #lastActivity = 0;
  #hurried = false;
  #draining = false;
  #wake: (() => void) | null = null;

  constructor(versions: CacheVersions, log: Logger, onDoubt: () => void, timing: StoreTiming = STORE_TIMING) {
    this.#versions = versions;
    this.#log = log;
    this.#onDoubt = onDoubt;
    this.#timing = timing;
  }

  /** A page was asked for or answered: the stores wait for the reader to pause. */
  activity(): void {
    this.#lastActivity = performance.now();
  }

  /**
   * Whether a page fetched by a reader that began at `start` may be answered before it is stored:
   * no event changed any of its messages meanwhile (else the stored copy, merged with the change,
   * is the answer), and it has some (an empty page stores only its range, at once).
   */
  unchangedSince(start: number, messages: readonly CachedMessage[]): boolean {
    return messages.length > 0 && messages.every((m) => this.#versions.changedSince(m.id, start).length === 0);
  }

  /**
   * Runs `store` for an answered page once the reader pauses, then ends the reader's version that
   * began at `start`. A failure is logged: the page was answered, and the cache keeps the slices written.
   */
  add(
    filter: NarrowFilter,
    messages: readonly CachedMessage[],
    start: number,
    store: () => Promise<{ doubtful: number }>,
  ): void {
    const ids = messages.map((m) => m.id);
    let finish = (): void => undefined;
    const entry: Pending = {
      key: filterKey(filter),
      lo: Math.min(...ids),
      hi: Math.max(...ids),
      count: ids.length,
      added: performance.now(),
      done: new Promise<void>((resolve) => (finish = resolve)),
      run: async () => {
        try {
          if ((await store()).doubtful > 0) this.#onDoubt();
        } catch (e) {
          this.#log.warn('a page answered before it was stored could not be stored', { error: e });
        } finally {
          this.#versions.end(start);
          finish();
        }
      },
    };
    this.#pending.push(entry);
    this.activity();
    // A waiting drain looks again: this page may bring the waiting messages to the cap.
    this.#wake?.();
    void this.#drain();
  }

  /**
   * Waits for the background stores that could answer part of this window: those of the same
   * narrow, unless the window only reaches away from the stored span (older from its oldest
   * message, or newer from its newest: what a list paging on asks next). A window whose anchor is
   * found in the cache (first unread) waits for every store, which may change where that is.
   */
  async before(
    filter: NarrowFilter,
    anchor: PageAnchor | 'first_unread',
    before: number,
    after: number,
  ): Promise<void> {
    if (this.#pending.length === 0) return;
    const key = filterKey(filter);
    const waits = this.#pending.filter((p) => {
      if (anchor === 'first_unread') return true;
      if (p.key !== key) return false;
      const id = anchorId(anchor);
      const olderOnly = after === 0 && id <= p.lo;
      const newerOnly = before === 0 && id >= p.hi;
      return !olderOnly && !newerOnly;
    });
    if (waits.length === 0) return;
    this.#hurry();
    await Promise.all(waits.map((p) => p.done));
  }

  /** Resolves when every background store has ended (the account closes its cache after this). */
  async settled(): Promise<void> {
    while (this.#pending.length > 0) {
      this.#hurry();
      await Promise.all(this.#pending.map((p) => p.done));
    }
  }

  #hurry(): void {
    this.#hurried = true;
    this.#wake?.();
  }

  async #drain(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    try {
      // Not even the first slice before the answer has gone.
      await yieldToEventLoop();
      for (let next = this.#pending[0]; next; next = this.#pending[0]) {
        await this.#readerPaused();
        await next.run();
        this.#pending.shift();
      }
    } finally {
      this.#draining = false;
      this.#hurried = false;
    }
  }

  /** Resolves once the pager has been quiet long enough, or a store must not wait any longer. */
  async #readerPaused(): Promise<void> {
    const { quietMs, maxWaitMs, maxWaitingMessages } = this.#timing;
    for (;;) {
      if (this.#hurried) return;
      const waiting = this.#pending.reduce((n, p) => n + p.count, 0);
      if (waiting >= maxWaitingMessages) return;
      const now = performance.now();
      const oldest = this.#pending[0]?.added ?? now;
      const due = Math.min(this.#lastActivity + quietMs, oldest + maxWaitMs);
      if (now >= due) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => resolve(), due - now);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = null;
    }
  }
}

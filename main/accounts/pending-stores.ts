/**
 * Pages answered before they are stored (issue 28: a catch-up of thousands of messages waited for
 * every slice to be written before the renderer saw any). The writes go on in the background; this
 * keeps them so that a later page that could be answered from them waits for them first (its
 * answer, and the requests it makes, stay what they were when every page was stored before the
 * answer), and so that closing the account waits for them before the cache closes.
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
  done: Promise<void>;
}

export class PendingStores {
  readonly #pending = new Set<Pending>();
  readonly #versions: CacheVersions;
  readonly #log: Logger;
  readonly #onDoubt: () => void;

  constructor(versions: CacheVersions, log: Logger, onDoubt: () => void) {
    this.#versions = versions;
    this.#log = log;
    this.#onDoubt = onDoubt;
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
   * Runs `store` for an answered page in the background, then ends the reader's version that began
   * at `start`. A failure is logged: the page was answered, and the cache keeps the slices written.
   */
  add(
    filter: NarrowFilter,
    messages: readonly CachedMessage[],
    start: number,
    store: () => Promise<{ doubtful: number }>,
  ): void {
    const ids = messages.map((m) => m.id);
    const entry: Pending = {
      key: filterKey(filter),
      lo: Math.min(...ids),
      hi: Math.max(...ids),
      done: Promise.resolve(),
    };
    const run = async () => {
      try {
        // Not even the first slice before the answer has gone.
        await yieldToEventLoop();
        if ((await store()).doubtful > 0) this.#onDoubt();
      } finally {
        this.#versions.end(start);
      }
    };
    entry.done = run()
      .catch((e: unknown) => this.#log.warn('a page answered before it was stored could not be stored', { error: e }))
      .finally(() => this.#pending.delete(entry));
    this.#pending.add(entry);
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
    if (this.#pending.size === 0) return;
    const key = filterKey(filter);
    const waits = [...this.#pending].filter((p) => {
      if (anchor === 'first_unread') return true;
      if (p.key !== key) return false;
      const id = anchorId(anchor);
      const olderOnly = after === 0 && id <= p.lo;
      const newerOnly = before === 0 && id >= p.hi;
      return !olderOnly && !newerOnly;
    });
    await Promise.all(waits.map((p) => p.done));
  }

  /**
   * Resolves when the stores running now have ended: for an action that changes cached messages
   * at once ("mark as unread from here", a reaction), which must see the messages the reader was
   * just shown. Any narrow's, as a page of one may hold messages of another.
   */
  async current(): Promise<void> {
    await Promise.all([...this.#pending].map((p) => p.done));
  }

  /** Resolves when every background store has ended (the account closes its cache after this). */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await this.current();
  }
}

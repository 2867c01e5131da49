/**
 * Which writes happened since a slow reader began. A fetched page is an answer from the past:
 * between the request and its store, the sync loop may apply events (an edit, a delete, a read on
 * another device, a move) and the user may act (mark read, star). Each of those bumps the
 * account's version and stamps the messages it touched with the part of them it changed (its
 * aspect); a page stored later takes every other part from the server and keeps the cached state
 * of the parts stamped after it was asked for, so nothing older overwrites something newer and
 * nothing newer in one part keeps an old copy's other parts.
 *
 * In memory only: a reader never outlives the process. Stamps are kept only while some reader is
 * in flight (and only as far back as the oldest one), so an idle account holds none.
 */

/**
 * The parts of a message one change can touch. Each but `reactions` is replaced whole by the
 * change that touches it (the event carries the new value); a reaction event adds or removes one.
 * `content` covers the text, its edit time and the flags an edit recomputes (mentions).
 */
export type MessageAspect = 'content' | 'place' | 'read' | 'starred' | 'reactions';

/** A change that says everything about a message (a new message, a delete). */
export type Touch = MessageAspect | 'whole';

/** Whether any of some messages changed since the watch began (CacheVersions.watch). */
export interface VersionWatch {
  readonly changed: boolean;
  stop(): void;
}

export class CacheVersions {
  #current = 0;
  /** Message ID -> for each part touched, the version that last touched it. */
  readonly #touched = new Map<number, Map<Touch, number>>();
  /** The version of the last change that may have touched any message (a new snapshot, "mark all read"). */
  #everything = 0;
  /** The version of the last move or delete: what a narrow holds may have changed. */
  #structure = 0;
  /** Start versions of readers in flight (a version may start several). */
  readonly #readers = new Map<number, number>();
  /** Watched messages (see watch); each set's flag goes up when one of them changes. */
  readonly #watches = new Set<{ ids: Set<number>; changed: boolean }>();

  /** A reader begins (a page request, an optimistic change awaiting the server); returns its start. */
  begin(): number {
    const start = ++this.#current;
    this.#readers.set(start, (this.#readers.get(start) ?? 0) + 1);
    return start;
  }

  /** The reader that began at `start` is done; stamps no reader can ask about are dropped. */
  end(start: number): void {
    const n = (this.#readers.get(start) ?? 0) - 1;
    if (n > 0) this.#readers.set(start, n);
    else this.#readers.delete(start);
    if (this.#readers.size === 0) {
      this.#touched.clear();
      return;
    }
    const oldest = Math.min(...this.#readers.keys());
    for (const [id, parts] of this.#touched) {
      for (const [part, v] of parts) if (v < oldest) parts.delete(part);
      if (parts.size === 0) this.#touched.delete(id);
    }
  }

  /**
   * Watches some messages without holding a reader: unlike a reader's stamps, which are kept for
   * every message touched while it is in flight, this keeps only these IDs, so it may last (a page
   * fetched ahead waits for the reader to ask for it). Any move, delete or new snapshot counts as
   * a change to all of them.
   */
  watch(ids: Iterable<number>): VersionWatch {
    const entry = { ids: new Set(ids), changed: false };
    this.#watches.add(entry);
    return {
      get changed() {
        return entry.changed;
      },
      stop: () => void this.#watches.delete(entry),
    };
  }

  /** These messages changed (an event or the user's own change), in the part named. */
  touch(ids: Iterable<number>, part: Touch = 'whole'): void {
    const v = ++this.#current;
    if (this.#watches.size === 0 && this.#readers.size === 0) return;
    // Read twice below: an iterator would be spent by the first.
    const list = Array.isArray(ids) ? (ids as readonly number[]) : [...ids];
    if (this.#watches.size > 0) this.#noteWatched(list);
    if (this.#readers.size === 0) return;
    for (const id of list) {
      let parts = this.#touched.get(id);
      if (!parts) this.#touched.set(id, (parts = new Map()));
      parts.set(part, v);
    }
  }

  /** Anything may have changed (a new register snapshot, every message marked read). */
  touchEverything(): void {
    this.#everything = ++this.#current;
    for (const w of this.#watches) w.changed = true;
  }

  /** Messages moved or were deleted: which messages a narrow holds changed. */
  touchStructure(ids: Iterable<number>, part: 'place' | 'whole'): void {
    this.touch(ids, part);
    this.#structure = this.#current;
    for (const w of this.#watches) w.changed = true;
  }

  #noteWatched(ids: readonly number[]): void {
    for (const id of ids) for (const w of this.#watches) if (w.ids.has(id)) w.changed = true;
  }

  /** Whether any part of this message may have changed after `start`. */
  touchedSince(id: number, start: number): boolean {
    return this.changedSince(id, start).length > 0;
  }

  /** The parts of this message changed after `start` (['whole'] when all of it may have). */
  changedSince(id: number, start: number): Touch[] {
    if (this.#everything > start) return ['whole'];
    const parts = this.#touched.get(id);
    if (!parts) return [];
    const changed: Touch[] = [];
    for (const [part, v] of parts) if (v > start) changed.push(part);
    return changed.includes('whole') ? ['whole'] : changed;
  }

  /** Whether anything at all may have changed after `start`. */
  everythingSince(start: number): boolean {
    return this.#everything > start;
  }

  /** Whether a move, delete or new snapshot came after `start`: a range seen before it proves nothing. */
  structureSince(start: number): boolean {
    return this.#structure > start || this.#everything > start;
  }
}

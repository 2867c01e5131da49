/**
 * Which writes happened since a slow reader began. A fetched page is an answer from the past:
 * between the request and its store, the sync loop may apply events (an edit, a delete, a read on
 * another device, a move) and the user may act (mark read, star). Each of those bumps the
 * account's version and stamps the messages it touched; a page stored later keeps its hands off
 * every message stamped after it was asked for, so nothing older overwrites something newer.
 *
 * In memory only: a reader never outlives the process. Stamps are kept only while some reader is
 * in flight (and only as far back as the oldest one), so an idle account holds none.
 */
export class CacheVersions {
  #current = 0;
  /** Message ID -> the version that last touched it. */
  readonly #touched = new Map<number, number>();
  /** The version of the last change that may have touched any message (a new snapshot, "mark all read"). */
  #everything = 0;
  /** The version of the last move or delete: what a narrow holds may have changed. */
  #structure = 0;
  /** Start versions of readers in flight (a version may start several). */
  readonly #readers = new Map<number, number>();

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
    for (const [id, v] of this.#touched) if (v < oldest) this.#touched.delete(id);
  }

  /** These messages changed (an event or the user's own change). */
  touch(ids: Iterable<number>): void {
    const v = ++this.#current;
    if (this.#readers.size === 0) return;
    for (const id of ids) this.#touched.set(id, v);
  }

  /** Anything may have changed (a new register snapshot, every message marked read). */
  touchEverything(): void {
    this.#everything = ++this.#current;
  }

  /** Messages moved or were deleted: which messages a narrow holds changed. */
  touchStructure(ids: Iterable<number>): void {
    this.touch(ids);
    this.#structure = this.#current;
  }

  /** Whether this message may have changed after `start`. */
  touchedSince(id: number, start: number): boolean {
    return this.#everything > start || (this.#touched.get(id) ?? 0) > start;
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

/**
 * Tells a multi-step writer whether anyone else wrote to the cache between its own steps (the
 * sync loop may apply events whenever the writer awaits). It compares SQLite's count of rows
 * changed on the connection: a reader that holds rows it read earlier may keep them only while
 * the count moved by its own writes alone.
 */
import type { AccountStore } from './account-store';

export class WriteWatch {
  readonly #store: AccountStore;
  #last: number;
  #untouched = true;

  constructor(store: AccountStore) {
    this.#store = store;
    this.#last = store.changeCount();
  }

  /** Call right before one's own write (and at the end): notes whether another writer has been. */
  check(): void {
    if (this.#store.changeCount() !== this.#last) this.#untouched = false;
  }

  /** Call right after one's own write. */
  mark(): void {
    this.#last = this.#store.changeCount();
  }

  /** Whether only the watcher wrote since the watch began (as of the last check). */
  get untouched(): boolean {
    return this.#untouched;
  }
}

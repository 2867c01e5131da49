/** Timers the test advances by hand, so debounce and expiry rules are checked without waiting. */
import type { Timers } from '../../../main/records/typing';

export class ManualTimers implements Timers {
  now = 0;
  #next = 1;
  readonly #due = new Map<number, { at: number; fn: () => void }>();

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#due.set(id, { at: this.now + ms, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#due.delete(handle as number);
  }

  get pending(): number {
    return this.#due.size;
  }

  /** Moves time on, running every timer that falls due (in order). */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const next = [...this.#due].sort((a, b) => a[1].at - b[1].at)[0];
      if (!next || next[1].at > until) break;
      this.#due.delete(next[0]);
      this.now = next[1].at;
      next[1].fn();
    }
    this.now = until;
  }
}

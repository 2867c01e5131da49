/**
 * How often a crashed core thread is started again: a crash now and then is survived, a thread
 * that dies at every start is not restarted forever (each start re-opens every account).
 */
export class RestartBudget {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  #recent: number[] = [];

  constructor(opts: { max?: number; windowMs?: number; now?: () => number } = {}) {
    this.#max = opts.max ?? 3;
    this.#windowMs = opts.windowMs ?? 60_000;
    this.#now = opts.now ?? Date.now;
  }

  /** Records a restart and says whether it may happen. */
  allow(): boolean {
    const now = this.#now();
    this.#recent = this.#recent.filter((t) => now - t < this.#windowMs);
    if (this.#recent.length >= this.#max) return false;
    this.#recent.push(now);
    return true;
  }
}

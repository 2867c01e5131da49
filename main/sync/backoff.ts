import { serverRequestedWait } from '../delays';

/**
 * Retry delays: 0.1 s doubling up to 10 s, each jittered into [half, full] so many clients
 * recovering from one outage do not retry in step. A server's Retry-After wins, capped at
 * MAX_RETRY_AFTER_MS and floored at this step and a jittered second (delays.ts).
 */
export const BACKOFF_START_MS = 100;
export const BACKOFF_MAX_MS = 10_000;

export class Backoff {
  #attempt = 0;
  readonly #random: () => number;

  constructor(random: () => number) {
    this.#random = random;
  }

  /** The delay before the next retry; advances the doubling. */
  next(retryAfterMs: number | null = null): number {
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** this.#attempt);
    this.#attempt += 1;
    const own = Math.round(ceiling / 2 + (this.#random() * ceiling) / 2);
    return retryAfterMs === null ? own : serverRequestedWait(retryAfterMs, own, this.#random);
  }

  reset(): void {
    this.#attempt = 0;
  }
}

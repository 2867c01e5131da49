import { clampRetryAfter } from '../delays';

/**
 * Retry delays: 0.1 s doubling up to 10 s, each jittered into [half, full] so many clients
 * recovering from one outage do not retry in step. A server's Retry-After wins, capped at
 * MAX_RETRY_AFTER_MS (delays.ts).
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
    if (retryAfterMs !== null && retryAfterMs >= 0) return clampRetryAfter(retryAfterMs);
    return Math.round(ceiling / 2 + (this.#random() * ceiling) / 2);
  }

  reset(): void {
    this.#attempt = 0;
  }
}

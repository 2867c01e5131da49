/**
 * Bounds for every delay that a server (or a clock) can influence. Node's setTimeout takes a
 * signed 32-bit millisecond count: anything above ~24.8 days, NaN or Infinity silently becomes
 * 1 ms, which turned a huge Retry-After into ~500 retries a second. And a merely large value
 * (a Retry-After of a week) would idle an account for that long, so server-requested waits get a
 * much lower cap than the overflow limit.
 */

/** setTimeout's largest delay (2^31 - 1 ms); beyond it Node fires after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The longest a server's Retry-After may hold back sending or polling. */
export const MAX_RETRY_AFTER_MS = 10 * 60 * 1000;

/** `ms` as a delay setTimeout honours: NaN and negatives become `min`, huge values `max`. */
export function clampDelay(ms: number, min = 0, max = MAX_TIMER_MS): number {
  if (Number.isNaN(ms)) return min;
  return Math.min(Math.max(ms, min), max);
}

/** A server-requested wait (Retry-After), capped so a misbehaving server cannot park an account. */
export function clampRetryAfter(ms: number): number {
  return Math.ceil(clampDelay(ms, 0, MAX_RETRY_AFTER_MS));
}

/**
 * The least a client waits after a server asked it to (a 429 or a Retry-After on any answer),
 * before jitter. `Retry-After: 0` or a date in the past would otherwise mean "at once", again and
 * again: a measured 2,135 polls and 2,625 sends in five seconds.
 */
export const MIN_SERVER_WAIT_MS = 1000;

/**
 * The wait before retrying when the server gave one: what it asked for (capped), but never less
 * than the client's own backoff step `ownStepMs`, nor than MIN_SERVER_WAIT_MS jittered up to half
 * again, so that many clients told "now" at once do not all come back in the same instant.
 * `random` is in [0, 1).
 */
export function serverRequestedWait(retryAfterMs: number, ownStepMs: number, random: () => number): number {
  const floor = Math.round(MIN_SERVER_WAIT_MS * (1 + random() / 2));
  return Math.max(clampRetryAfter(retryAfterMs), ownStepMs, floor);
}

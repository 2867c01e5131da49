/**
 * The sync loop's wait between retries. After a network failure the server is probed cheaply
 * (GET /server_settings, at most once a second) so the loop, and the outbox behind it, notice
 * the server back within about a second instead of when a backoff of up to 10 s ends.
 */
import type { Clock } from './clock';

/** The longest the loop sleeps between two probes: bounds the load a down server gets. */
export const PROBE_EVERY_MS = 1000;

export type Probe = (signal: AbortSignal) => Promise<boolean>;

/**
 * Resolves 'elapsed' when ms have passed, or 'reachable' as soon as a probe answers; rejects
 * with the signal's reason when it aborts (stop or wake). No probe: a plain sleep.
 */
export async function waitForRetry(
  ms: number,
  signal: AbortSignal,
  clock: Clock,
  probe: Probe | null,
): Promise<'elapsed' | 'reachable'> {
  if (probe === null) {
    await clock.sleep(ms, signal);
    return 'elapsed';
  }
  const end = clock.now() + ms;
  for (;;) {
    const left = end - clock.now();
    if (left <= 0) return 'elapsed';
    // A probe is only worth it while there is still a wait to cut short.
    await clock.sleep(Math.min(PROBE_EVERY_MS, left), signal);
    if (end - clock.now() <= 0) return 'elapsed';
    if (await probe(signal)) return 'reachable';
    signal.throwIfAborted();
  }
}

import { clampDelay } from '../delays';

/** Time and chance, injected so the sync loop's waits and jitter can be driven by tests. */

export interface Clock {
  now(): number;
  /** Resolves after ms, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Uniform in [0, 1). */
  random(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason as Error);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, clampDelay(ms));
      signal.addEventListener('abort', onAbort, { once: true });
    }),
};

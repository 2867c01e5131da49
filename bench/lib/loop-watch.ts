/**
 * Measures the longest stretch the event loop was held, from now until stop().
 *
 * A 1 ms timer chain (not a setImmediate spin: spinning would take a whole core from the threads
 * and processes being measured) notes the gap between ticks. On Linux the gap is reduced by the
 * time the kernel reports this thread runnable but waiting for a CPU (/proc/thread-self/schedstat):
 * on a loaded 2-core machine, that wait is other processes' doing, not the code under test. Time
 * the thread spent running or blocked in a system call (a SQLite commit waiting on the disk)
 * still counts: that is what keeps IPC waiting in the app.
 */
import { readFileSync } from 'node:fs';

const SCHEDSTAT = '/proc/thread-self/schedstat';

/** Milliseconds this thread has spent waiting on a run queue, or null where the OS does not say. */
function runQueueWaitReader(): (() => number) | null {
  try {
    const read = () => Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[1]) / 1e6;
    return Number.isFinite(read()) ? read : null;
  } catch {
    return null;
  }
}

export interface LoopWatch {
  /** Stops watching; the longest held stretch in ms. */
  stop(): number;
}

export function watchLoop(): LoopWatch {
  const waited = runQueueWaitReader();
  let last = performance.now();
  let lastWait = waited?.() ?? 0;
  let longest = 0;
  const held = () => {
    const now = performance.now();
    const wait = waited?.() ?? 0;
    const stretch = now - last - (wait - lastWait);
    last = now;
    lastWait = wait;
    return stretch;
  };
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    longest = Math.max(longest, held());
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  return {
    stop: () => {
      if (timer) clearTimeout(timer);
      return Math.max(longest, held());
    },
  };
}

/**
 * CPU time of some of this process's threads, read from /proc (Linux): the core's worker threads
 * apart from the thread that hosts the bridge (and the bench's own driver). schedstat's first
 * field is the time the thread ran, in nanoseconds, not rounded to the 10 ms clock ticks of
 * /proc's stat.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The IDs of this process's threads now. */
export function threadIds(): number[] {
  return readdirSync('/proc/self/task').map(Number);
}

/** Milliseconds the given threads have run so far (a thread that has ended counts no more). */
export function threadCpuMs(tids: readonly number[]): number {
  let ns = 0;
  for (const tid of tids) {
    try {
      ns += Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread has ended.
    }
  }
  return ns / 1e6;
}

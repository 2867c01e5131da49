/**
 * V8 flags for the process that runs the core's thread (Electron's main process, the bridge host).
 * V8 grows a heap's limit for the next full collection to about twice what survived the last
 * one by default; at 25% it collects sooner and keeps far less garbage resident. Measured over a
 * first sync of 30,000 people (bench huge-browse, rss-probe): core + host 194-198 MiB settled and
 * 205-207 MiB at the peak, against 228-258 and 236-268 MiB, for no more CPU (4.2-4.3 s against
 * 4.3-4.8 s). V8's `--optimize-for-size` saved a little more (174-185 / 197-205 MiB) but cost the
 * same sync 35% more CPU. Set once, before the first worker is created: a V8 flag is process-wide
 * and an isolate reads its heap configuration when it is made.
 *
 * V8's memory reducer is off: it starts full collections (26-83 ms each) when allocation looks
 * idle, and a chat app's core, with a message every few seconds, always looks idle to it; it
 * collected every few messages (issue 28 item 2, bench/README.md). With the heap grown by 25%
 * only, there is little for it to give back. Incoming bench, core threads CPU per message,
 * alternating runs: see bench/README.md (2026-11-28, wt10-core).
 */
import { setFlagsFromString } from 'node:v8';

export const CORE_HEAP_FLAGS = '--heap-growing-percent=25 --no-memory-reducer';

let applied = false;

/** V8 ignores a flag it does not know here, so test/main/core-thread checks the string on the command line. */
export function applyCoreHeapFlags(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString(CORE_HEAP_FLAGS);
}

/**
 * The core worker's entry in Electron (bundled to out/main/core-thread-loader.cjs): runs the core's
 * bundle beside it (out/main/core-thread.cjs) with V8's code cache kept in the data folder
 * (./code-cache.ts), so a launch does not compile the core from source again.
 */
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import { loadWithCodeCache } from './code-cache';
import type { CoreThreadOptions } from './protocol';

/** Long enough for start-up and the first screen to have run: their functions are then in the cache. */
const WRITE_AFTER_MS = 10_000;

const options = workerData as CoreThreadOptions;
loadWithCodeCache(join(__dirname, 'core-thread.cjs'), {
  dir: join(options.dataDir, 'code-cache'),
  writeAfterMs: options.codeCacheWriteAfterMs ?? WRITE_AFTER_MS,
});

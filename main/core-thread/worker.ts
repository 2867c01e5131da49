/**
 * The core worker's entry: bundled to out/main/core-thread.cjs for Electron (scripts/build-main.ts);
 * under tsx (bridge host, tests) ./dev-entry.mjs loads it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { CoreThreadOptions, ThreadPort } from './protocol';
import { runCoreThread } from './run-thread';

if (!parentPort) throw new Error('main/core-thread/worker.ts runs only as a worker thread');
runCoreThread(parentPort as unknown as ThreadPort, workerData as CoreThreadOptions);

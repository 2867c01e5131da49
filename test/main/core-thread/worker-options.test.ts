/**
 * The core's worker thread runs with a small young generation (issue 28: core + host memory under
 * 150 MB at 100,000 cached messages); checked from inside a thread started with the same options.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { CORE_YOUNG_GENERATION_MB, coreWorkerOptions } from '../../../main/core-thread/remote-core';
import type { CoreThreadOptions } from '../../../main/core-thread';

const REPORT = `
const { parentPort, resourceLimits, workerData } = require('node:worker_threads');
const v8 = require('node:v8');
// Garbage enough to grow an unlimited young generation well past the limit.
let keep = 0;
for (let i = 0; i < 2e6; i++) keep += [i, String(i)].length;
const newSpace = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
parentPort.postMessage({ resourceLimits, dataDir: workerData.dataDir, newSpaceMb: newSpace.space_size / 2 ** 20, keep });
`;

function report(options: ReturnType<typeof coreWorkerOptions>): Promise<{
  resourceLimits: { maxYoungGenerationSizeMb: number };
  dataDir: string;
  newSpaceMb: number;
}> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(REPORT, { ...options, eval: true });
    worker.once('message', (m) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('the core thread is started', () => {
  it('with its data and a young generation of at most CORE_YOUNG_GENERATION_MB', async () => {
    const options = { dataDir: '/nonexistent/parley' } as CoreThreadOptions;
    const seen = await report(coreWorkerOptions(options));
    expect(seen.dataDir).toBe('/nonexistent/parley');
    expect(seen.resourceLimits.maxYoungGenerationSizeMb).toBe(CORE_YOUNG_GENERATION_MB);
    expect(seen.newSpaceMb).toBeLessThanOrEqual(CORE_YOUNG_GENERATION_MB);
  });
});

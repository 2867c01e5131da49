/**
 * Run by quiet-timers.test.ts in a process of its own (a vitest worker wakes for its own reasons):
 * holds one fetch open against a server that never answers and prints how many times the event
 * loop woke in 5 s. With `quiet` as argument, the agent is replaced first (quietFetchTimers).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { quietFetchTimers } from '../../../main/api/quiet-fetch-timers';
import { createLogger } from '../../../main/log';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const quiet =
    process.argv.includes('quiet') && quietFetchTimers(createLogger({ name: 'child', sink: () => undefined }));
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stop = new AbortController();
  const pending = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/events`, {
    signal: stop.signal,
  }).catch(() => undefined);
  await sleep(300);
  const before = performance.nodeTiming.uvMetricsInfo.loopCount;
  await sleep(5000);
  const wakes = performance.nodeTiming.uvMetricsInfo.loopCount - before;
  stop.abort();
  await pending;
  server.closeAllConnections();
  server.close();
  process.stdout.write(`${JSON.stringify({ quiet, wakes })}\n`);
}

void main();

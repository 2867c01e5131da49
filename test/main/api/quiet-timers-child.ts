/**
 * Run by quiet-timers.test.ts in a process of its own (a vitest worker wakes for its own reasons):
 * holds one request open against a server that never answers and prints how many times the event
 * loop woke in 5 s. With `transport` as argument it goes over the keep-alive transport, the
 * core's; otherwise over Node's fetch.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { keepAliveTransport } from '../../../main/api/keep-alive-transport';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const overTransport = process.argv.includes('transport');
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stop = new AbortController();
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/events`);
  const pending = (
    overTransport
      ? keepAliveTransport()({ url, method: 'GET', headers: {}, signal: stop.signal, followRedirects: false })
      : fetch(url, { signal: stop.signal })
  ).catch(() => undefined);
  await sleep(300);
  const before = performance.nodeTiming.uvMetricsInfo.loopCount;
  await sleep(5000);
  const wakes = performance.nodeTiming.uvMetricsInfo.loopCount - before;
  stop.abort();
  await pending;
  server.closeAllConnections();
  server.close();
  process.stdout.write(`${JSON.stringify({ overTransport, wakes })}\n`);
}

void main();

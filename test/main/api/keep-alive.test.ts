/**
 * The core's transport (keep-alive-transport.ts: Node's agent) keeps an idle socket until 1 s
 * before the server's Keep-Alive hint ends, not undici's 2 s: the batched read's socket idles a
 * few seconds between incoming messages and was reconnected for most reads (issue 28 item 2). Connections are counted
 * by a TCP relay in front of the server, and requests go back to back: no test here waits on a
 * clock. A server hinting 2 s shows the margin (with undici's 2 s nothing was ever kept); the dev
 * server shows polls and reads sharing the sockets it keeps.
 */
import { createConnection, createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiClient } from '../../../main/api/client';
import { getEvents, registerQueue } from '../../../main/api/routes/events';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startCannedServer, type CannedServer } from './canned-server';
import { signIn } from './signed-in';

interface Relay {
  url: string;
  connections: () => number;
  close: () => Promise<void>;
}

/** Pipes each connection to `target` and counts the connections it accepted. */
async function startRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  let accepted = 0;
  const server: Server = createServer((inbound) => {
    accepted++;
    const outbound = createConnection({ host: hostname, port: Number(port) });
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('error', () => outbound.destroy());
    outbound.on('error', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ok = z.object({ result: z.literal('success') }).passthrough();

describe('a server that hints a 2 s keep-alive', () => {
  let canned: CannedServer;
  let relay: Relay;
  beforeAll(async () => {
    canned = await startCannedServer(() => ({
      headers: { connection: 'keep-alive', 'keep-alive': 'timeout=2' },
      body: { result: 'success', msg: '' },
    }));
    relay = await startRelay(canned.url);
  });
  afterAll(async () => {
    await relay.close();
    await canned.close();
  });

  it('has its socket reused by the next request', async () => {
    const client = new ApiClient({ realmUrl: relay.url });
    // Counted after the first request (undici, the transport before, never kept an origin's first connection).
    await client.request('GET', '/server_settings', {}, ok);
    const before = relay.connections();
    for (let i = 0; i < 4; i++) await client.request('GET', '/server_settings', {}, ok);
    expect(canned.requests).toHaveLength(5);
    expect(relay.connections() - before).toBeLessThanOrEqual(1);
  });
});

describe('the dev server (Node’s 5 s hint)', () => {
  let dev: RunningDevServer;
  let relay: Relay;
  beforeAll(async () => {
    dev = await startDevServer({ seed: 'demo', args: ['--longpoll-timeout-seconds', '1'] });
    relay = await startRelay(dev.baseUrl);
  }, 60_000);
  afterAll(async () => {
    await relay.close();
    await dev.stop();
  });

  it('serves polls and reads over the sockets it already has', async () => {
    const user = dev.users.find((u) => u.role === 400) ?? dev.users[0];
    if (!user) throw new Error('the demo seed has users');
    const { client } = await signIn({ ...dev, baseUrl: relay.url }, user);
    const queue = await registerQueue(client, { event_types: ['message'] });
    const queueId = queue.queue_id;
    if (!queueId) throw new Error('register gave no queue');
    let lastEventId = queue.last_event_id;
    const before = relay.connections();
    for (let i = 0; i < 3; i++) {
      // A poll with no event answers after the server's 1 s heartbeat; a read goes out after it.
      const events = await getEvents(client, { queue_id: queueId, last_event_id: lastEventId });
      lastEventId = Math.max(lastEventId, ...events.events.map((e) => e.id));
      await client.request('GET', '/users/me', {}, ok);
    }
    // Three polls and three reads, one after another: at most the one socket the relay saw first
    // replaced (see above), never one per request.
    expect(relay.connections() - before).toBeLessThanOrEqual(1);
  });
});

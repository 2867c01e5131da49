/**
 * The keep-alive transport (node:http/https beneath ApiClient, for servers reached directly) over
 * real loopback servers: what fetch did for us it must do too (decompress, end on cancel and on the
 * deadline, follow or refuse redirects: redirects.test.ts runs on it as well), and what it adds
 * must hold (kept sockets are reused; a request the server dropped is not sent twice). The
 * system-CA path and the proxy choice have files of their own (keep-alive-tls, system-proxy-route).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiClient } from '../../../main/api/client';
import { NetworkError } from '../../../main/api/errors';
import { keepAliveTransport } from '../../../main/api/keep-alive-transport';

const ok = z.object({ result: z.literal('success'), word: z.string() }).passthrough();
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A loopback server; `handle` gets each request, the socket it came on and how many that socket carried. */
async function serve(handle: (res: ServerResponse, socket: Socket, nth: number) => void): Promise<string> {
  const counts = new WeakMap<Socket, number>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const nth = (counts.get(req.socket) ?? 0) + 1;
      counts.set(req.socket, nth);
      handle(res, req.socket, nth);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (word: string) => JSON.stringify({ result: 'success', msg: '', word });

describe('the keep-alive transport', () => {
  it('decodes gzip and brotli answers, as fetch did', async () => {
    let nth = 0;
    const url = await serve((res) => {
      const body = json(`snow ☃ ${++nth}`);
      const [encoding, bytes] = nth === 1 ? ['gzip', gzipSync(body)] : ['br', brotliCompressSync(body)];
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
      res.end(bytes);
    });
    const client = new ApiClient({ realmUrl: url, transport: keepAliveTransport() });
    expect((await client.request('GET', '/a', {}, ok)).word).toBe('snow ☃ 1');
    expect((await client.request('GET', '/b', {}, ok)).word).toBe('snow ☃ 2');
  });

  it('reuses its sockets for requests one after another', async () => {
    const sockets = new Set<Socket>();
    const url = await serve((res, socket) => {
      sockets.add(socket);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(json('again'));
    });
    const client = new ApiClient({ realmUrl: url, transport: keepAliveTransport() });
    for (let i = 0; i < 5; i++) await client.request(i % 2 ? 'POST' : 'GET', '/x', { i }, ok);
    expect(sockets.size).toBe(1);
  });

  it('does not send again a request whose kept socket the server closed; the next goes out on a new one', async () => {
    // The server drops a socket on its second request without a word: it may have acted on it
    // (a message posted), so the request fails as unreachable and the caller's retry decides.
    let dropped = 0;
    const url = await serve((res, socket, nth) => {
      if (nth > 1) {
        dropped++;
        return void socket.destroy();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(json(`first on its socket`));
    });
    const client = new ApiClient({ realmUrl: url, transport: keepAliveTransport() });
    await client.request('GET', '/one', {}, ok);
    const error = await client.request('POST', '/two', { a: 1 }, ok).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(dropped).toBe(1);
    expect((await client.request('POST', '/three', { a: 1 }, ok)).word).toBe('first on its socket');
  });

  it('does not send again what failed on a new socket', async () => {
    let seen = 0;
    const url = await serve((_res, socket) => {
      seen++;
      socket.destroy();
    });
    const client = new ApiClient({ realmUrl: url, transport: keepAliveTransport() });
    const error = await client.request('POST', '/x', {}, ok).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('unreachable');
    expect(seen).toBe(1);
  });

  it('ends on cancel while the body is still coming, and on the deadline', async () => {
    const url = await serve((res) => {
      // Headers and a first piece, then nothing: the body never ends.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"result":"success",');
    });
    const client = new ApiClient({ realmUrl: url, transport: keepAliveTransport() });
    const cancel = new AbortController();
    const pending = client.request('GET', '/events', {}, ok, { signal: cancel.signal }).catch((e: unknown) => e);
    setTimeout(() => cancel.abort(), 100);
    const cancelled = await pending;
    expect(cancelled).toBeInstanceOf(NetworkError);
    expect((cancelled as NetworkError).reason).toBe('aborted');
    const late = await client.request('GET', '/events', {}, ok, { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(NetworkError);
    expect((late as NetworkError).reason).toBe('timeout');
  });

  it('follows a 303 to another server with GET and no body, when the request carries no secret', async () => {
    const methods: string[] = [];
    const target = await serve((res) => {
      methods.push(res.req.method ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(json('moved'));
    });
    const url = await serve((res) => {
      res.writeHead(303, { location: `${target}/api/v1/elsewhere` });
      res.end();
    });
    const seeing = keepAliveTransport();
    const answer = await seeing({
      url: new URL(`${url}/api/v1/form`),
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
      signal: new AbortController().signal,
      followRedirects: true,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(await answer.text())).toMatchObject({ word: 'moved' });
    expect(methods).toEqual(['GET']);
  });
});

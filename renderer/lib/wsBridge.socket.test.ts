/**
 * The WebSocket transport against a real WebSocket server on loopback (jsdom's WebSocket as the
 * client). Type-checked by tsconfig.node.json: the `ws` server needs Node's types, which the
 * renderer's own program must not see.
 */
/* eslint-disable no-restricted-imports -- this test hosts a real server in Node, beside the client under test */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { WebSocket as ServerSocket, WebSocketServer as WebSocketServerType } from 'ws';
import { SESSION_REFUSED_CLOSE, type ClientFrame, type HelloFrame } from '../../common/ipc/wire';
import { WsBridge } from './wsBridge';

interface TestServer {
  port: number;
  frames: (ClientFrame | HelloFrame)[];
  urls: string[];
  sockets: ServerSocket[];
  /** What the server does with each call frame; default: answer ok with the call's name. */
  onCall: (socket: ServerSocket, frame: Extract<ClientFrame, { t: 'call' }>) => void;
  close(): Promise<void>;
}

// The renderer project resolves packages for the browser, where `ws` is only a stub: load the
// Node build of the server through Node's own resolver.
const { WebSocketServer } = createRequire(import.meta.url)('ws') as { WebSocketServer: typeof WebSocketServerType };

const servers: TestServer[] = [];
const bridges: WsBridge[] = [];

async function startServer(port = 0): Promise<TestServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const server: TestServer = {
    port: (wss.address() as AddressInfo).port,
    frames: [],
    urls: [],
    sockets: [],
    onCall: (socket, frame) =>
      socket.send(JSON.stringify({ t: 'result', id: frame.id, result: { ok: true, value: frame.name } })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of wss.clients) socket.terminate();
        wss.close(() => resolve());
      }),
  };
  wss.on('connection', (socket, request) => {
    server.urls.push(request.url ?? '');
    server.sockets.push(socket);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ClientFrame | HelloFrame;
      server.frames.push(frame);
      if (frame.t === 'call') server.onCall(socket, frame);
    });
  });
  servers.push(server);
  return server;
}

/** What the page did to trade its token: the requests, whether it dropped the fragment, what it kept. */
const trades: { url: string; init: RequestInit | undefined }[] = [];
let forgotten = 0;
const stored = new Map<string, string>();
const page = {
  fetch: (async (url: string, init?: RequestInit) => {
    trades.push({ url, init });
    return Response.json({ session: 'secret-of-this-tab' });
  }) as unknown as typeof fetch,
  forgetFragment: () => {
    forgotten++;
  },
  storage: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  },
};

function connect(server: TestServer, options = {}, hash = '#token=a%2Bb/c'): WsBridge {
  const location = new URL(`http://127.0.0.1:${server.port}/${hash}`) as unknown as Location;
  const bridge = WsBridge.fromLocation(location, { minBackoffMs: 20, maxBackoffMs: 100, ...options }, page);
  bridges.push(bridge);
  return bridge;
}

afterEach(async () => {
  trades.splice(0);
  forgotten = 0;
  stored.clear();
  for (const bridge of bridges.splice(0)) bridge.dispose();
  for (const server of servers.splice(0)) await server.close();
});

describe('WsBridge', () => {
  it('trades the fragment token for a session, drops it from the address, then says hello and answers calls', async () => {
    const server = await startServer();
    const bridge = connect(server);
    const result = await bridge.call('app:state', {});
    expect(result).toEqual({ ok: true, value: 'app:state' });
    expect(trades).toHaveLength(1);
    expect(trades[0]!.url).toBe(`http://127.0.0.1:${server.port}/session`);
    expect(trades[0]!.init).toMatchObject({
      method: 'POST',
      headers: { 'x-parley-token': 'a+b/c' },
      credentials: 'omit',
    });
    expect(forgotten).toBe(1);
    expect([...stored.values()]).toEqual(['secret-of-this-tab']);
    // Neither the token nor the secret goes into the socket URL; the secret is the first frame.
    expect(server.urls).toEqual(['/bridge']);
    expect(server.frames).toEqual([
      { t: 'hello', session: 'secret-of-this-tab' },
      { t: 'call', id: 1, name: 'app:state', args: {} },
    ]);
  });

  it('without a token (a reload after the trade) says hello with the secret the tab kept', async () => {
    stored.set('parley.bridgeSession', 'kept-secret');
    const server = await startServer();
    const bridge = connect(server, {}, '');
    expect(await bridge.call('app:state', {})).toEqual({ ok: true, value: 'app:state' });
    expect(trades).toEqual([]);
    expect(server.urls).toEqual(['/bridge']);
    expect(server.frames[0]).toEqual({ t: 'hello', session: 'kept-secret' });
  });

  it('says hello again on every new socket after a drop', async () => {
    const server = await startServer();
    const bridge = connect(server);
    await bridge.call('app:state', {});
    server.sockets[0]!.terminate();
    await vi.waitFor(() => expect(server.sockets).toHaveLength(2));
    expect(await bridge.call('app:state', {})).toEqual({ ok: true, value: 'app:state' });
    expect(server.frames.filter((f) => f.t === 'hello')).toHaveLength(2);
  });

  it('stops and says why when the host refuses the session', async () => {
    const server = await startServer();
    server.onCall = (socket) => socket.close(SESSION_REFUSED_CLOSE, 'No session');
    const bridge = connect(server, {}, '');
    const refused = await bridge.call('app:state', {});
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'DISCONNECTED', message: expect.stringContaining('no session') },
    });
    // It does not knock again: the same page has no other secret to offer.
    expect(await bridge.call('app:state', {})).toEqual(refused);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.sockets).toHaveLength(1);
    expect(server.frames[0]).toEqual({ t: 'hello', session: '' });
  });

  it('passes error results through and matches answers to calls by id', async () => {
    const server = await startServer();
    server.onCall = (socket, frame) => {
      const result =
        frame.name === 'sidebar:get'
          ? { ok: false, error: { code: 'UNKNOWN_ACCOUNT', message: 'No such account' } }
          : { ok: true, value: frame.args };
      // Answer in reverse order of arrival to prove ids, not order, pair them up.
      setTimeout(() => socket.send(JSON.stringify({ t: 'result', id: frame.id, result })), frame.id === 1 ? 30 : 0);
    };
    const bridge = connect(server);
    const [first, second] = await Promise.all([
      bridge.call('server:probe', { url: 'a' }),
      bridge.call('sidebar:get', { accountId: 'x' }),
    ]);
    expect(first).toEqual({ ok: true, value: { url: 'a' } });
    expect(second).toEqual({ ok: false, error: { code: 'UNKNOWN_ACCOUNT', message: 'No such account' } });
  });

  it('delivers events to their listeners and ignores malformed frames', async () => {
    const server = await startServer();
    const bridge = connect(server);
    const seen: unknown[] = [];
    const stop = bridge.on('account:status', (payload) => seen.push(payload));
    await bridge.call('app:state', {});
    const socket = server.sockets[0]!;
    socket.send('not json');
    socket.send(JSON.stringify({ t: 'result', id: 99 }));
    socket.send(
      JSON.stringify({ t: 'event', name: 'account:status', payload: { accountId: 'a', status: { state: 'live' } } }),
    );
    await vi.waitFor(() => expect(seen).toEqual([{ accountId: 'a', status: { state: 'live' } }]));
    stop();
    socket.send(
      JSON.stringify({ t: 'event', name: 'account:status', payload: { accountId: 'b', status: { state: 'live' } } }),
    );
    await bridge.call('app:state', {});
    expect(seen).toHaveLength(1);
  });

  it('handles the frames of a batch in order, answers included, and drops a malformed one alone', async () => {
    const server = await startServer();
    const bridge = connect(server);
    const seen: string[] = [];
    bridge.on('account:status', (payload) => seen.push(payload.accountId));
    await bridge.call('app:state', {});
    const status = (accountId: string) => ({
      t: 'event',
      name: 'account:status',
      payload: { accountId, status: { state: 'live' } },
    });
    server.sockets[0]!.send(JSON.stringify({ t: 'batch', frames: [status('a'), { t: 'nonsense' }, status('b')] }));
    await vi.waitFor(() => expect(seen).toEqual(['a', 'b']));
  });

  it('lets the code awaiting an answer run before the events after it in the same batch', async () => {
    const server = await startServer();
    const status = (accountId: string) => ({
      t: 'event',
      name: 'account:status',
      payload: { accountId, status: { state: 'live' } },
    });
    // The host's batch: an event before the answer, the answer, an event emitted after it was built.
    server.onCall = (socket, frame) =>
      socket.send(
        JSON.stringify({
          t: 'batch',
          frames: [status('before'), { t: 'result', id: frame.id, result: { ok: true, value: 'x' } }, status('after')],
        }),
      );
    const bridge = connect(server);
    const order: string[] = [];
    bridge.on('account:status', (payload) => order.push(payload.accountId));
    const load = async () => {
      await bridge.call('app:state', {});
      order.push('answer stored');
    };
    await load();
    await vi.waitFor(() => expect(order).toEqual(['before', 'answer stored', 'after']));
  });

  it('fails a call cut off by a drop, reconnects, and tells listeners it is back', async () => {
    const server = await startServer();
    const bridge = connect(server);
    await bridge.call('app:state', {});
    let reconnects = 0;
    bridge.onReconnect(() => reconnects++);

    server.onCall = (socket) => socket.terminate();
    const cut = await bridge.call('compose:send', { accountId: 'a', to: { kind: 'dm', userIds: [1] }, content: 'x' });
    expect(cut).toMatchObject({ ok: false, error: { code: 'DISCONNECTED' } });

    server.onCall = (socket, frame) =>
      socket.send(JSON.stringify({ t: 'result', id: frame.id, result: { ok: true, value: 'again' } }));
    await vi.waitFor(() => expect(reconnects).toBe(1));
    expect(await bridge.call('app:state', {})).toEqual({ ok: true, value: 'again' });
    // The cut-off send was not repeated on the new connection.
    expect(server.frames.filter((f) => f.t === 'call' && f.name === 'compose:send')).toHaveLength(1);
  });

  it('holds calls made while disconnected until the connection is back', async () => {
    const first = await startServer();
    const port = first.port;
    const bridge = connect(first);
    await bridge.call('app:state', {});
    await first.close();
    servers.splice(servers.indexOf(first), 1);
    await vi.waitFor(() => expect(bridge.connected).toBe(false));

    const pending = bridge.call('sidebar:get', { accountId: 'a' });
    sendLog(bridge);
    const second = await startServer(port);
    expect(await pending).toEqual({ ok: true, value: 'sidebar:get' });
    await vi.waitFor(() => expect(second.frames.map((f) => f.t)).toContain('send'));
  });

  it('fails a call with a clear error when the connection does not come back in time', async () => {
    const server = await startServer();
    const bridge = connect(server, { waitForConnectionMs: 100 });
    await bridge.call('app:state', {});
    await server.close();
    servers.splice(0);
    await vi.waitFor(() => expect(bridge.connected).toBe(false));
    const result = await bridge.call('app:state', {});
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'DISCONNECTED', message: expect.stringContaining('not reachable') },
    });
  });
});

function sendLog(bridge: WsBridge): void {
  bridge.send('log:error', { message: 'queued while offline' });
}

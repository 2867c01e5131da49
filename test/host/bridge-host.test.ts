/**
 * The bridge host with the real core and the real dev server: who may connect, and that frames
 * round-trip and bad ones are survived.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryCredentialStore } from '../../main/credentials';
import { createCore } from '../../main/core';
import { startBridgeHost, type BridgeHost } from '../../main/host/bridge-host';
import { createLogger } from '../../main/log';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { SESSION_REFUSED_CLOSE } from '../../common/ipc/wire';
import { connectBridge, ipcOutcome, resultOf, type BridgeClient } from './ws-client';

let work: string;
let server: RunningDevServer;
let core: Awaited<ReturnType<typeof createCore>>;
let host: BridgeHost;
const logLines: string[] = [];

function socketUrl(path = '/bridge'): string {
  return `${host.origin.replace('http:', 'ws:')}${path}`;
}
const token = (): string => new URL(host.url).hash.replace('#token=', '');

/** POST /session with a launch token, as the page does; answers the status, secret and any cookie. */
async function trade(launchToken: string, origin: string | null = host.origin) {
  const res = await fetch(`${host.origin}/session`, {
    method: 'POST',
    headers: { 'x-parley-token': launchToken, ...(origin === null ? {} : { origin }) },
  });
  const text = await res.text();
  const session = res.ok ? (JSON.parse(text) as { session: string }).session : null;
  return {
    status: res.status,
    session,
    setCookie: res.headers.get('set-cookie'),
    cacheControl: res.headers.get('cache-control'),
  };
}
let session = '';

/** POST /fetch_api_key straight to the dev server: the key the core got for the same user. */
async function fetchApiKey(email: string, password: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/v1/fetch_api_key`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  return ((await res.json()) as { api_key: string }).api_key;
}

async function refusal(url: string, origin: string | undefined, secret = session): Promise<number> {
  try {
    const client = await connectBridge(url, origin, secret);
    client.socket.close();
    return 101;
  } catch (error) {
    return (error as { status?: number }).status ?? -1;
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'parley-host-'));
  const renderer = join(work, 'renderer');
  mkdirSync(renderer);
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Parley test page</title>');
  server = await startDevServer({ seed: 'demo' });
  const log = createLogger({ name: 'test', sink: (line) => logLines.push(line) });
  core = await createCore({ dataDir: join(work, 'data'), credentials: new MemoryCredentialStore(), log });
  host = await startBridgeHost({ core, rendererDir: renderer, log });
});

afterAll(async () => {
  await host?.close();
  await core?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('who may connect', () => {
  it('gives a loopback URL with a long random token in the fragment', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{40,}$/);
  });

  it('gives no IPC to a socket without a session, and does not trade a wrong token or one from another origin', async () => {
    for (const hello of [undefined, '', 'made-up', '{"t":"call","id":1,"name":"app:state","args":{}}']) {
      const client = await connectBridge(socketUrl(), host.origin);
      if (hello !== undefined)
        client.sendText(hello.startsWith('{') ? hello : JSON.stringify({ t: 'hello', session: hello }));
      expect(await ipcOutcome(client)).toBe(`closed ${SESSION_REFUSED_CLOSE}`);
      expect(client.frames).toEqual([]);
    }
    expect((await trade('not-the-token')).status).toBe(403);
    expect((await trade(`${token()}x`)).status).toBe(403);
    expect((await trade(token(), 'http://evil.example')).status).toBe(403);
    expect((await trade(token(), null)).status).toBe(403);
  });

  it('trades the launch token once for a session secret in the body, never a cookie', async () => {
    const first = await trade(token());
    expect(first.status).toBe(200);
    expect(first.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A cookie would reach every other port on 127.0.0.1 (#25 item 1).
    expect(first.setCookie).toBeNull();
    expect(first.cacheControl).toBe('no-store');
    session = first.session!;
    // The token left in the browser's history is spent.
    const again = await trade(token());
    expect(again.status).toBe(403);
    expect(again.session).toBeNull();
  });

  it('refuses the session from a foreign or missing Origin with 403', async () => {
    expect(await refusal(socketUrl(), 'http://evil.example')).toBe(403);
    expect(await refusal(socketUrl(), host.origin.replace('127.0.0.1', 'localhost'))).toBe(403);
    expect(await refusal(socketUrl(), 'null')).toBe(403);
    expect(await refusal(socketUrl(), undefined)).toBe(403);
  });

  it('has no other socket endpoints', async () => {
    expect(await refusal(socketUrl('/other'), host.origin)).toBe(404);
  });

  it('gives IPC to the session from its own origin, and never for a token or secret in the socket URL', async () => {
    const own = await connectBridge(socketUrl(), host.origin, session);
    expect(await ipcOutcome(own)).toBe('answered');
    own.socket.close();
    for (const query of [`token=${encodeURIComponent(token())}`, `session=${encodeURIComponent(session)}`]) {
      const client = await connectBridge(`${socketUrl()}?${query}`, host.origin);
      expect(await ipcOutcome(client)).toBe(`closed ${SESSION_REFUSED_CLOSE}`);
    }
  });

  it('gives no IPC to a client replaying any header a browser sends, with our Origin forged', async () => {
    const replayed = {
      Cookie: `parley_session=${session}; session=${session}`,
      'X-Parley-Token': token(),
      Authorization: `Bearer ${session}`,
      Referer: `${host.origin}/`,
      'User-Agent': 'Mozilla/5.0 Chrome/140',
    };
    const client = await connectBridge(socketUrl(), host.origin, undefined, replayed);
    expect(await ipcOutcome(client)).toBe(`closed ${SESSION_REFUSED_CLOSE}`);
    expect(client.frames).toEqual([]);
  });

  it('answers HTTP for a foreign Host name with 421 (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${host.origin}/`, { headers: { Host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(421);
  });

  it('serves the page with the CSP header', async () => {
    const res = await fetch(`${host.origin}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await res.text()).toContain('Parley test page');
  });
});

describe('frames', () => {
  let client: BridgeClient;
  beforeAll(async () => {
    client = await connectBridge(socketUrl(), host.origin, session);
  });
  afterAll(() => client?.socket.close());

  it('round-trips a call to the core', async () => {
    client.call(1, 'app:state', {});
    const frame = await client.next((f) => f.t === 'result' && f.id === 1);
    expect(frame).toMatchObject({ t: 'result', id: 1, result: { ok: true, value: { accounts: [] } } });
  });

  it('round-trips a call that reaches the dev server over HTTP', async () => {
    client.call(2, 'server:probe', { url: server.baseUrl });
    const frame = await client.next((f) => f.t === 'result' && f.id === 2);
    expect(frame).toMatchObject({ result: { ok: true, value: { realmName: server.realmName } } });
  });

  it('answers malformed frames, keeps the connection, and still serves the next call', async () => {
    client.sendText('this is not json');
    client.sendText('{"t":"call","id":3}');
    client.sendText('{"t":"call","id":4,"name":"no:such","args":{}}');
    client.sendText('{"t":"call","id":5,"name":"server:probe","args":{"url":42}}');
    client.sendText('{"t":"send","name":"shell:exec","payload":{}}');
    client.socket.send(Buffer.from([0, 1, 2]), { binary: true });
    client.call(6, 'app:state', {});
    await client.next((f) => f.t === 'result' && f.id === 6);
    expect(resultOf(client.frames, 3)).toMatchObject({ result: { ok: false, error: { code: 'INVALID_ARGUMENT' } } });
    expect(resultOf(client.frames, 4)).toMatchObject({ result: { ok: false, error: { code: 'UNKNOWN_CALL' } } });
    expect(resultOf(client.frames, 5)).toMatchObject({ result: { ok: false, error: { code: 'INVALID_ARGUMENT' } } });
    expect(resultOf(client.frames, 6)).toMatchObject({ result: { ok: true } });
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    expect(logLines.some((line) => line.includes('malformed frame'))).toBe(true);
  });

  it('pushes core events to the page', async () => {
    const owner = server.byRole(100);
    client.call(7, 'account:signIn', { url: server.baseUrl, email: owner.email, password: owner.password });
    const result = await client.next((f) => f.t === 'result' && f.id === 7);
    expect(result).toMatchObject({ result: { ok: true, value: { email: owner.email } } });
    const event = await client.next((f) => f.t === 'event' && f.name === 'accounts:changed');
    expect(event).toMatchObject({ payload: { accounts: [expect.objectContaining({ email: owner.email })] } });
    // The key never travels to the page.
    const apiKey = await fetchApiKey(owner.email, owner.password);
    expect(apiKey.length).toBeGreaterThan(8);
    expect(JSON.stringify(client.frames)).not.toContain(apiKey);
  });

  it('sends the events of one sync batch in one WebSocket message', async () => {
    // The first sync after the sign-in above publishes the sidebar, the unread counts and the
    // records together: several events in one turn of the loop, so at least one batch.
    await client.next((f) => f.t === 'event' && f.name === 'sidebar:changed');
    await vi.waitFor(() => expect(client.messages.some((m) => m.t === 'batch')).toBe(true));
    expect(client.messages.length).toBeLessThan(client.frames.length);
  });
});

describe('close', () => {
  it('ends open sockets with "going away" and stops listening', async () => {
    const client = await connectBridge(socketUrl(), host.origin, session);
    await host.close();
    expect(await client.closed).toBe(1001);
    await expect(fetch(`${host.origin}/`)).rejects.toThrow();
  });
});

/**
 * The OS proxy settings, for a core on its worker thread: it asks the main thread (Electron's
 * session.resolveProxy there, a stand-in answering in PAC syntax here) for each server, and goes
 * through the proxy named. The proxy is a real one on loopback that remembers what it tunnelled.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { proxyFromPac } from '../../../main/api/system-proxy';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startThreadedCore, type ThreadedCore } from './support';

let server: RunningDevServer;
let proxy: Server;
let proxyHostPort: string;
const seen: string[] = [];
const asked: string[] = [];
let work: string;
let t: ThreadedCore | null = null;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  work = mkdtempSync(join(tmpdir(), 'parley-system-proxy-'));
  proxy = createServer((req, res) => {
    const target = new URL(req.url ?? '');
    seen.push(target.host);
    const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  proxy.on('connect', (req, client, head) => {
    seen.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyHostPort = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await t?.core.close();
  t = null;
  seen.length = 0;
  asked.length = 0;
});

afterAll(async () => {
  proxy?.closeAllConnections();
  proxy?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

async function signIn(answer: string, dir: string): Promise<void> {
  t = await startThreadedCore(
    { dataDir: join(work, dir), memoryCredentials: true, systemProxy: true },
    {
      resolveProxy: (url) => {
        asked.push(url);
        return Promise.resolve(answer);
      },
    },
  );
  const owner = server.byRole(100);
  const summary = await t.ok('account:signIn', { url: server.baseUrl, email: owner.email, password: owner.password });
  await t.waitFor('account:status', (p) => p.accountId === summary.id && p.status.state === 'live');
}

describe('the OS proxy settings', () => {
  it('carry sign-in and the event queue through the proxy they name', async () => {
    await signIn(`PROXY ${proxyHostPort}; DIRECT`, 'through');
    const host = new URL(server.baseUrl).host;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((h) => h === host)).toBe(true);
    // Asked per server, and remembered: not once per request.
    expect(new Set(asked)).toEqual(new Set([new URL(server.baseUrl).origin]));
    expect(asked.length).toBeLessThan(seen.length);
  });

  it('go direct when they say DIRECT', async () => {
    await signIn('DIRECT', 'direct');
    expect(asked.length).toBeGreaterThan(0);
    expect(seen).toEqual([]);
  });
});

describe("PAC's answer", () => {
  it('names the first HTTP proxy, skipping SOCKS, or none for DIRECT', () => {
    expect(proxyFromPac('PROXY proxy.corp:3128; DIRECT')).toBe('http://proxy.corp:3128');
    expect(proxyFromPac('SOCKS5 socks.corp:1080; HTTPS secure.corp:443')).toBe('https://secure.corp:443');
    expect(proxyFromPac('DIRECT')).toBeNull();
    expect(proxyFromPac('SOCKS socks.corp:1080')).toBeNull();
    expect(proxyFromPac('')).toBeNull();
  });
});

/**
 * The OS proxy settings, for a core on its worker thread: it asks the main thread (Electron's
 * session.resolveProxy there, a stand-in answering in PAC syntax here) for each server, and goes
 * through the proxy named. The proxy is a real one on loopback that remembers what it tunnelled.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { proxyFromPac } from '../../../main/api/system-proxy';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startLoopbackProxy, type LoopbackProxy } from '../../helpers/loopbackProxy';
import { startThreadedCore, type ThreadedCore } from './support';

let server: RunningDevServer;
let proxy: LoopbackProxy;
let proxyHostPort: string;
const asked: string[] = [];
let work: string;
let t: ThreadedCore | null = null;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  work = mkdtempSync(join(tmpdir(), 'parley-system-proxy-'));
  proxy = await startLoopbackProxy();
  proxyHostPort = proxy.hostPort;
});

afterEach(async () => {
  await t?.core.close();
  t = null;
  proxy.seen.length = 0;
  asked.length = 0;
});

afterAll(async () => {
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
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.seen.every((h) => h === host)).toBe(true);
    // Asked per server, and remembered: not once per request.
    expect(new Set(asked)).toEqual(new Set([new URL(server.baseUrl).origin]));
    expect(asked.length).toBeLessThan(proxy.seen.length);
  });

  it('go direct when they say DIRECT', async () => {
    await signIn('DIRECT', 'direct');
    expect(asked.length).toBeGreaterThan(0);
    expect(proxy.seen).toEqual([]);
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

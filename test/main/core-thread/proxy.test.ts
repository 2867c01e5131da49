/**
 * Behind a proxy named in the environment (HTTPS_PROXY/HTTP_PROXY/NO_PROXY), the core on its
 * worker thread reaches the server through it. The proxy here is a real one on loopback: it
 * tunnels CONNECT and forwards absolute-form requests, and remembers where each one went.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { proxyFetchFromEnv } from '../../../main/api/proxy';
import { createLogger } from '../../../main/log';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startLoopbackProxy, type LoopbackProxy } from '../../helpers/loopbackProxy';
import { startThreadedCore, type ThreadedCore } from './support';

let server: RunningDevServer;
let proxy: LoopbackProxy;
let proxyUrl: string;
let work: string;
let t: ThreadedCore | null = null;
const quiet = createLogger({ name: 'test', sink: () => undefined });

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  work = mkdtempSync(join(tmpdir(), 'parley-proxy-'));
  proxy = await startLoopbackProxy();
  proxyUrl = `http://${proxy.hostPort}`;
});

afterEach(async () => {
  await t?.core.close();
  t = null;
  proxy.seen.length = 0;
});

afterAll(async () => {
  proxy?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Starts a core thread with these variables in its environment (a worker copies process.env). */
async function coreWithEnv(env: Record<string, string>, dir: string): Promise<ThreadedCore> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return await startThreadedCore({ dataDir: join(work, dir), memoryCredentials: true });
  } finally {
    for (const key of Object.keys(env)) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
}

describe('a proxy from the environment', () => {
  it('carries sign-in and the event queue to the server', async () => {
    t = await coreWithEnv({ HTTP_PROXY: proxyUrl }, 'through');
    const owner = server.byRole(100);
    const summary = await t.ok('account:signIn', { url: server.baseUrl, email: owner.email, password: owner.password });
    await t.waitFor('account:status', (p) => p.accountId === summary.id && p.status.state === 'live');
    const host = new URL(server.baseUrl).host;
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.seen.every((h) => h === host)).toBe(true);
  });

  it('lets NO_PROXY hosts go direct', async () => {
    t = await coreWithEnv({ HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' }, 'direct');
    const owner = server.byRole(100);
    await t.ok('account:signIn', { url: server.baseUrl, email: owner.email, password: owner.password });
    expect(proxy.seen).toEqual([]);
  });

  it('is not used when no variable names one', () => {
    expect(proxyFetchFromEnv({ PATH: '/usr/bin' }, quiet)).toBeNull();
    expect(proxyFetchFromEnv({ https_proxy: proxyUrl }, quiet)).toBeTypeOf('function');
  });
});

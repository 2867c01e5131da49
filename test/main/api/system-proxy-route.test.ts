/**
 * The OS proxy settings decide per server how a request goes: an origin they send DIRECT goes
 * through the direct transport (the keep-alive one in the app), an origin behind a proxy through
 * undici's fetch and that proxy. Two real servers and a real proxy on loopback; the settings are
 * a stand-in answering in PAC syntax, as Electron's session.resolveProxy does.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiClient } from '../../../main/api/client';
import { keepAliveTransport } from '../../../main/api/keep-alive-transport';
import { systemProxyTransport } from '../../../main/api/system-proxy';
import type { HttpTransport } from '../../../main/api/transport';
import { createLogger } from '../../../main/log';
import { startLoopbackProxy, type LoopbackProxy } from '../../helpers/loopbackProxy';
import { startCannedServer, type CannedServer } from './canned-server';

const ok = z.object({ result: z.literal('success'), name: z.string() }).passthrough();
let behindProxy: CannedServer;
let direct: CannedServer;
let proxy: LoopbackProxy;

beforeAll(async () => {
  behindProxy = await startCannedServer(() => ({ body: { result: 'success', msg: '', name: 'behind' } }));
  direct = await startCannedServer(() => ({ body: { result: 'success', msg: '', name: 'direct' } }));
  proxy = await startLoopbackProxy();
});

afterAll(async () => {
  proxy.close();
  await behindProxy.close();
  await direct.close();
});

it('sends each origin the way the settings say, asking once per origin', async () => {
  const asked: string[] = [];
  const resolve = (origin: string) => {
    asked.push(origin);
    return Promise.resolve(origin === new URL(behindProxy.url).origin ? `PROXY ${proxy.hostPort}; DIRECT` : 'DIRECT');
  };
  const keepAlive = keepAliveTransport();
  let directRequests = 0;
  const counted: HttpTransport = (request) => {
    directRequests++;
    return keepAlive(request);
  };
  const transport = systemProxyTransport(resolve, createLogger({ name: 'test', sink: () => undefined }), counted);
  const viaProxy = new ApiClient({ realmUrl: behindProxy.url, transport });
  const straight = new ApiClient({ realmUrl: direct.url, transport });

  for (let i = 0; i < 2; i++) {
    expect((await viaProxy.request('GET', '/users/me', {}, ok)).name).toBe('behind');
    expect((await straight.request('POST', '/messages/flags', { op: 'add' }, ok)).name).toBe('direct');
  }
  // Through the proxy (undici tunnels, and keeps its tunnel for the second request), and only that server.
  expect(proxy.seen.length).toBeGreaterThan(0);
  expect(new Set(proxy.seen)).toEqual(new Set([new URL(behindProxy.url).host]));
  expect(directRequests).toBe(2);
  expect(direct.requests.map((r) => r.body)).toEqual(['op=add', 'op=add']);
  expect(behindProxy.requests).toHaveLength(2);
  expect(asked.sort()).toEqual([new URL(behindProxy.url).origin, new URL(direct.url).origin].sort());
});

/**
 * The faults of the matrix that need real processes or accounts: the server process stops and
 * starts again on the same data (the app queues what is typed meanwhile), and the user's access
 * is revoked (the app says so and keeps what was typed; after signing in again it is sent once).
 * Figures join test/artifacts/fault-matrix.json's neighbour, fault-processes.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { Actor } from '../main/consistency/actor';
import { freePort } from '../main/api/canned-server';
import { confirmed, ownInTopic, signedInCore } from '../main/outbox/support';
import { tempDir } from '../main/store/fixtures';
import { MemoryCredentialStore } from '../../main/credentials';
import { createCore } from '../../main/core';
import { createLogger } from '../../main/log';
import { systemClock } from '../../main/sync/clock';
import { FaultControl } from '../helpers/devserverFaults';
import { recordCore } from '../main/core/harness';
import { ARTIFACTS } from '../e2e/support';

const figures: { fault: string; lost: number; duplicated: number; recoveredMs: number; said?: string }[] = [];
const servers: RunningDevServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, 'fault-processes.json'), `${JSON.stringify(figures, null, 2)}\n`);
});

describe('faults with real processes and accounts', () => {
  it('offline for an hour: the clock jumps, the queue is gone; the app catches up on wake, nothing lost', async () => {
    const server = await startDevServer({ faults: true });
    servers.push(server);
    const faults = new FaultControl(server.baseUrl);
    let offset = 0;
    const clock = { ...systemClock, now: () => Date.now() + offset };
    const logLines: string[] = [];
    const t = recordCore(
      await createCore({
        dataDir: tempDir(),
        credentials: new MemoryCredentialStore(),
        clock,
        log: createLogger({ name: 'core', level: 'debug', sink: (l) => logLines.push(l) }),
      }),
      logLines,
    );
    try {
      const user = server.byRole(400);
      const account = await t.ok('account:signIn', { url: server.baseUrl, email: user.email, password: user.password });
      await t.waitFor('account:status', (p) => p.accountId === account.id && p.status.state === 'live');
      const channelId = (await t.ok('sidebar:get', { accountId: account.id })).channels[0]!.id;
      // The laptop sleeps: the network is gone, an hour passes, the server drops the idle queue.
      await faults.dropNext(1000, {});
      const topic = 'an hour offline';
      const { localId } = await t.ok('compose:send', {
        accountId: account.id,
        to: { kind: 'channel', channelId, topic },
        content: 'written before the lid closed',
      });
      offset += 60 * 60 * 1000;
      await faults.clear();
      await faults.expireQueues({ userId: user.userId });
      const peer = server.users.find((u) => u.role === 400 && u.email !== user.email)!;
      const other = await Actor.login(server.baseUrl, peer.email, peer.password);
      const missed = await other.sendToChannel(channelId, topic, 'written while you were away');
      const started = Date.now();
      t.core.receive('app:wake', {});
      await confirmed(t, localId, 40_000);
      await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === missed), 40_000);
      const me = await Actor.login(server.baseUrl, user.email, user.password);
      const contents = (await ownInTopic(me, channelId, topic)).map((m) => m.content);
      const result = {
        fault: 'offline for an hour (clock jump, queue gone)',
        lost: contents.length === 0 ? 1 : 0,
        duplicated: contents.length - new Set(contents).size,
        recoveredMs: Date.now() - started,
      };
      figures.push(result);
      expect(result).toMatchObject({ lost: 0, duplicated: 0 });
    } finally {
      await t.core.close();
    }
  }, 90_000);

  it('server process restart: messages typed while it is down are sent once it is back', async () => {
    const port = String(await freePort());
    const dataFile = join(tempDir(), 'server.sqlite');
    let server = await startDevServer({ dataFile, args: ['--port', port] });
    servers.push(server);
    const s = await signedInCore(server, tempDir());
    try {
      await server.stop();
      await s.t.waitFor('account:status', (p) => p.status.state === 'offline', 20_000);
      const topic = 'server restart';
      const localIds: string[] = [];
      for (const n of [1, 2, 3]) {
        const to = { kind: 'channel' as const, channelId: s.channelId, topic };
        localIds.push(
          (await s.t.ok('compose:send', { accountId: s.account.id, to, content: `restart: out ${n}` })).localId,
        );
      }
      const started = Date.now();
      server = await startDevServer({ dataFile, args: ['--port', port] });
      servers.push(server);
      for (const localId of localIds) await confirmed(s.t, localId, 40_000);
      const me = await Actor.login(
        server.baseUrl,
        s.account.email,
        server.users.find((u) => u.email === s.account.email)!.password,
      );
      const contents = (await ownInTopic(me, s.channelId, topic)).map((m) => m.content);
      const result = {
        fault: 'server process restart',
        lost: 3 - new Set(contents).size,
        duplicated: contents.length - new Set(contents).size,
        recoveredMs: Date.now() - started,
      };
      figures.push(result);
      expect(result).toMatchObject({ lost: 0, duplicated: 0 });
    } finally {
      await s.t.core.close();
    }
  }, 90_000);

  it('access revoked: the app says so, keeps what was typed, and sends it once after signing in again', async () => {
    const server = await startDevServer();
    servers.push(server);
    const member = server.users.filter((u) => u.role === 400).at(-1)!;
    const s = await signedInCore(server, tempDir(), { email: member.email });
    try {
      const admin = await Actor.login(server.baseUrl, server.byRole(100).email, server.byRole(100).password);
      await admin.call('DELETE', `/users/${s.me.userId}`);
      const topic = 'revoked';
      const { localId } = await s.t.ok('compose:send', {
        accountId: s.account.id,
        to: { kind: 'channel', channelId: s.channelId, topic },
        content: 'typed after the revocation',
      });
      const status = await s.t.waitFor('account:status', (p) => p.status.state === 'signedOut', 20_000);
      const said = (status.status as { message?: string }).message ?? '';
      expect(said).toMatch(/deactivated|sign in/i);
      await admin.call('POST', `/users/${s.me.userId}/reactivate`);
      const started = Date.now();
      await s.t.ok('account:signIn', { url: server.baseUrl, email: member.email, password: member.password });
      await confirmed(s.t, localId, 40_000);
      const me = await Actor.login(server.baseUrl, member.email, member.password);
      const contents = (await ownInTopic(me, s.channelId, topic)).map((m) => m.content);
      const result = {
        fault: 'access revoked, then restored',
        lost: contents.includes('typed after the revocation') ? 0 : 1,
        duplicated: contents.length - new Set(contents).size,
        recoveredMs: Date.now() - started,
        said,
      };
      figures.push(result);
      expect(result).toMatchObject({ lost: 0, duplicated: 0 });
    } finally {
      await s.t.core.close();
    }
  }, 90_000);
});

/**
 * The core on a worker thread, as Electron and the bridge host run it: calls, events, the keychain
 * and SQLite from the worker, a crash of the thread, and a clean close and reopen.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sidebar } from '../../../common/model';
import { RestartBudget } from '../../../main/core-thread';
import { keychainName } from '../../../main/credentials';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { waitForSidebar } from '../core/harness';
import { startThreadedCore, throwAwayService, type ThreadedCore } from './support';

let server: RunningDevServer;
let work: string;
let dataDir: string;
let t: ThreadedCore;
let accountId: string;
const keys = throwAwayService();

/** A TCP server that accepts and never answers: a call to it stays in flight. */
let silent: Server;
let silentUrl: string;

beforeAll(async () => {
  // A resumed event queue counts as live once a poll answers: a short heartbeat makes that quick.
  server = await startDevServer({ seed: 'demo', args: ['--heartbeat-seconds', '1'] });
  work = mkdtempSync(join(tmpdir(), 'parley-core-thread-'));
  dataDir = join(work, 'data');
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  silentUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  t = await startThreadedCore({ dataDir, keychainService: keys.service });
});

afterAll(async () => {
  await t?.core.close();
  silent?.close();
  await keys.removeKeys();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

const hasChannels = (s: Sidebar) => s.channels.length > 0;

describe('the core on a worker thread', () => {
  it('keeps API keys in the OS keychain, from the worker', () => {
    expect(t.core.keychain).toEqual({ kind: 'keychain', name: keychainName() });
  });

  it('signs in, syncs and answers pages from its own thread', async () => {
    const owner = server.byRole(100);
    const summary = await t.ok('account:signIn', { url: server.baseUrl, email: owner.email, password: owner.password });
    accountId = summary.id;
    const sidebar = await waitForSidebar(t, hasChannels);
    await t.waitFor('account:status', (p) => p.accountId === accountId && p.status.state === 'live');
    const channel = sidebar.channels[0]!;
    const page = await t.ok('messages:page', {
      accountId,
      narrow: { kind: 'channel', channelId: channel.id },
      anchor: 'newest',
      before: 20,
      after: 0,
    });
    expect(page.messages.length).toBeGreaterThan(0);
    expect(page.messages.every((m) => m.channelId === channel.id)).toBe(true);
  });

  it('sends a message and hears it confirmed by the server through its event queue', async () => {
    const sidebar = await waitForSidebar(t, hasChannels);
    const channel = sidebar.channels[0]!;
    // Only what happens from here on counts.
    t.events.splice(0);
    const { localId } = await t.ok('compose:send', {
      accountId,
      to: { kind: 'channel', channelId: channel.id, topic: 'from the worker' },
      content: 'sent by a core on its own thread',
    });
    const updated = await t.waitFor('messages:updated', (p) => p.messages.some((m) => m.localId === localId));
    const confirmed = updated.messages.find((m) => m.localId === localId)!;
    expect(confirmed.id).toBeGreaterThan(0);
    expect(confirmed.contentHtml).toContain('sent by a core on its own thread');
  });

  it('turns bad arguments into an error answer, as the in-process core does', async () => {
    const r = await t.core.dispatch('messages:page', { accountId, narrow: { kind: 'nonsense' } });
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it('survives a crash of its thread: calls in flight fail, then the core comes back with the account', async () => {
    const inFlight = t.core.dispatch('server:probe', { url: silentUrl });
    // The call has reached the worker (it is waiting on the silent server) when the thread dies.
    await new Promise((r) => setTimeout(r, 300));
    // Only what happens from here on counts.
    t.events.splice(0);
    await t.core.terminateForTesting();
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(((await inFlight) as { error: { message: string } }).error.message).toMatch(/background worker stopped/);

    const announced = await t.waitFor('accounts:changed', () => true);
    expect(announced.accounts.map((a) => a.id)).toEqual([accountId]);
    await waitForSidebar(t, hasChannels);
    await t.waitFor('account:status', (p) => p.accountId === accountId && p.status.state === 'live');
    expect(t.logLines.some((l) => l.includes('stopped unexpectedly; restarting'))).toBe(true);
    const state = await t.ok('app:state', {});
    expect(state.accounts[0]?.status.state).toBe('live');
  });

  it('closes, and a new thread on the same folder resumes the account from the keychain and the cache', async () => {
    await t.core.close();
    expect(await t.core.dispatch('app:state', {})).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    t = await startThreadedCore({ dataDir, keychainService: keys.service });
    const sidebar = await waitForSidebar(t, hasChannels);
    expect(sidebar.accountId).toBe(accountId);
    await t.waitFor('account:status', (p) => p.accountId === accountId && p.status.state === 'live');
  });
});

describe('starting the core thread', () => {
  it('rejects with the reason when the data folder cannot be used', async () => {
    const file = join(work, 'not-a-folder');
    writeFileSync(file, 'a file where the data folder should be');
    await expect(startThreadedCore({ dataDir: file, memoryCredentials: true })).rejects.toThrow(/not-a-folder/);
  });
});

describe('RestartBudget', () => {
  it('allows a few restarts within the window, then refuses until the window has passed', () => {
    let now = 0;
    const budget = new RestartBudget({ max: 2, windowMs: 1000, now: () => now });
    expect([budget.allow(), budget.allow(), budget.allow()]).toEqual([true, true, false]);
    now = 1001;
    expect(budget.allow()).toBe(true);
  });
});

describe('a core thread that keeps stopping', () => {
  it('is not restarted past its budget: calls get a clear error, and closing still finishes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-core-thread-budget-'));
    const doomed = await startThreadedCore(
      { dataDir: join(dir, 'data'), memoryCredentials: true },
      { restarts: new RestartBudget({ max: 0 }) },
    );
    try {
      await doomed.core.terminateForTesting();
      await expect.poll(() => doomed.logLines.some((l) => l.includes('not restarting it again'))).toBe(true);
      const answer = await doomed.core.dispatch('app:state', {});
      expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
      expect((answer as { error: { message: string } }).error.message).toMatch(/keeps stopping/);
    } finally {
      await doomed.core.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

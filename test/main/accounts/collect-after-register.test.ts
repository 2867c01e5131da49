/**
 * The core collects its garbage after each register, once the answer is stored and let go and
 * before the sidebar is built on top of it (CoreOptions.collectGarbage: at 30,000 people that
 * garbage made the process's peak). A real core signed in to the dev server; the queue is then
 * expired there, so the core registers again and collects again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCore } from '../../../main/core';
import { MemoryCredentialStore } from '../../../main/credentials';
import { createLogger } from '../../../main/log';
import { recordCore, type TestCore } from '../core/harness';
import { faults } from '../../helpers/devserverFaults';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
let t: TestCore;
/** Collections and the sidebar's events, in the order they happened. */
const order: string[] = [];

beforeAll(async () => {
  server = await startDevServer({ faults: true });
  const core = await createCore({
    dataDir: tempDir(),
    credentials: new MemoryCredentialStore(),
    log: createLogger({ name: 'core', level: 'error', sink: () => undefined }),
    collectGarbage: () => order.push('collected'),
  });
  core.subscribe((name) => {
    if (name === 'sidebar:delta' || name === 'sidebar:changed') order.push(name);
  });
  t = recordCore(core);
});

afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

it('collects once per register, before the sidebar the snapshot makes is built', async () => {
  const user = server.byRole(400);
  const account = await t.ok('account:signIn', { url: server.baseUrl, email: user.email, password: user.password });
  await t.waitFor('account:status', (p) => p.accountId === account.id && p.status.state === 'live');
  expect(order.filter((o) => o === 'collected')).toHaveLength(1);
  // The sidebar the snapshot makes goes out as a delta on the one the empty cache showed.
  await expect.poll(() => order.includes('sidebar:delta')).toBe(true);
  expect(order.indexOf('collected')).toBeLessThan(order.indexOf('sidebar:delta'));

  // The queue lost on the server: the core registers anew, and collects anew.
  const mark = t.events.length;
  const collectedBefore = order.filter((o) => o === 'collected').length;
  expect(await faults(server).expireQueues({ userId: user.userId })).not.toHaveLength(0);
  await t.waitForAfter(mark, 'account:status', (p) => p.accountId === account.id && p.status.state === 'live');
  await expect.poll(() => order.filter((o) => o === 'collected').length, { timeout: 20_000 }).toBe(collectedBefore + 1);
});

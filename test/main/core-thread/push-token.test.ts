/**
 * Only the main thread can ask the platform (APNs on macOS) for a push token; the core on its
 * worker thread asks for it over the thread's messages, then registers with the bouncer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { TEST_TOKEN } from '../push-wiring/support';
import { startThreadedCore, throwAwayService, type ThreadedCore } from './support';

let server: RunningDevServer;
let work: string;
let t: ThreadedCore;
let asked = 0;
const keys = throwAwayService();

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo', args: ['--bouncer', 'inprocess'] });
  work = mkdtempSync(join(tmpdir(), 'parley-core-thread-push-'));
  t = await startThreadedCore(
    {
      dataDir: join(work, 'data'),
      keychainService: keys.service,
      push: { bouncerPublicKey: String(server.startLine['bouncer_public_key']) },
    },
    {
      pushToken: async () => {
        asked += 1;
        return TEST_TOKEN;
      },
    },
  );
});

afterAll(async () => {
  await t?.core.close();
  await keys.removeKeys();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

it('asks the main thread for the token and registers the account for encrypted push', async () => {
  const owner = server.byRole(100);
  const summary = await t.ok('account:signIn', { url: server.baseUrl, email: owner.email, password: owner.password });
  const changed = await t.waitFor('accounts:changed', (p) =>
    p.accounts.some((a) => a.id === summary.id && a.push?.state === 'active'),
  );
  expect(changed.accounts.find((a) => a.id === summary.id)?.push).toEqual({ state: 'active' });
  // Asked once per run, however many accounts and registrations follow.
  expect(asked).toBe(1);
});

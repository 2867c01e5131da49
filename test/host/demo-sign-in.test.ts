/** The demo's "sign in unless already signed in" step, with the real core and dev server. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCore } from '../../main/core';
import { MemoryCredentialStore } from '../../main/credentials';
import { createLogger } from '../../main/log';
import { ensureDemoSignIn } from '../../scripts/demo-sign-in';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';

let work: string;
let server: RunningDevServer;
const log = createLogger({ name: 'test', level: 'error' });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'parley-demo-'));
  server = await startDevServer({ seed: 'demo' });
});
afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

it('signs in once, then finds the account; after losing an in-memory key it signs in again', async () => {
  const owner = server.byRole(100);
  const login = { url: server.baseUrl, email: owner.email, password: owner.password };

  let firstId = '';
  const first = await createCore({ dataDir: work, credentials: new MemoryCredentialStore(), log });
  try {
    const a = await ensureDemoSignIn(first, login);
    expect(a).toMatchObject({ signedIn: true, account: { email: owner.email } });
    const b = await ensureDemoSignIn(first, login);
    expect(b).toMatchObject({ signedIn: false, account: { id: a.account.id } });
    firstId = a.account.id;
  } finally {
    await first.close();
  }

  // A new run whose memory store lost the key: the account is there but signed out.
  const second = await createCore({ dataDir: work, credentials: new MemoryCredentialStore(), log });
  try {
    const c = await ensureDemoSignIn(second, { ...login, url: `${server.baseUrl}/` });
    // Signed in again as the same account (its cache is kept), not as a second one.
    expect(c).toMatchObject({ signedIn: true, account: { id: firstId } });
    const state = await second.dispatch('app:state', {});
    expect(state).toMatchObject({ ok: true, value: { accounts: [expect.objectContaining({ email: owner.email })] } });
  } finally {
    await second.close();
  }
});

it('says why when the demo sign-in fails', async () => {
  const core = await createCore({ dataDir: join(work, 'other'), credentials: new MemoryCredentialStore(), log });
  try {
    const owner = server.byRole(100);
    await expect(
      ensureDemoSignIn(core, { url: server.baseUrl, email: owner.email, password: 'wrong' }),
    ).rejects.toThrow(/^Could not sign in to the demo organization: /);
  } finally {
    await core.close();
  }
});

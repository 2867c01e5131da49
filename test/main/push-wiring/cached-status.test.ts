/**
 * The push status across restarts: a core that starts again shows the server's last verdict on the
 * account's push_account_id (cached in push_devices, the identity read from the keychain) instead of
 * "pending" while its new registration is on its way, and a fresh verdict still replaces it.
 * Dev servers with the in-process bouncer, real cores, the real OS keychain; only the token is made
 * up. "On its way" is made to last: the restarted core finds its server stopped.
 */
import nacl from 'tweetnacl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushStatus } from '../../../common/model';
import type { CredentialStore } from '../../../main/credentials';
import { toBase64 } from '../../../main/push/base64';
import { UPDATE_APP_MESSAGE } from '../../../main/push/errors';
import { forgetPushIdentity, loadPushIdentity } from '../../../main/push/keys';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';
import { pushHistory, startPushCore, testKeychain, testPush, waitForPush, type PushCore } from './support';

const PUSH_ARGS = ['--bouncer', 'inprocess', '--test-hooks'];

let keychain: Awaited<ReturnType<typeof testKeychain>>;
let credentials: CredentialStore;
const running: PushCore[] = [];
const servers: RunningDevServer[] = [];

beforeAll(async () => {
  keychain = await testKeychain();
  credentials = keychain.store;
});

afterAll(async () => {
  await Promise.all(running.map((t) => t.core.close()));
  await Promise.all(servers.map((s) => s.stop()));
  await keychain?.cleanup();
});

async function server(): Promise<RunningDevServer> {
  const s = await startDevServer({ seed: 'demo', args: PUSH_ARGS });
  servers.push(s);
  return s;
}

async function core(dataDir: string, key: string): Promise<PushCore> {
  const t = await startPushCore(dataDir, credentials, testPush(key));
  running.push(t);
  return t;
}

const bouncerKeyOf = (s: RunningDevServer): string => String(s.startLine['bouncer_public_key']);
const keyTheBouncerDoesNotKnow = (): string => toBase64(nacl.box.keyPair().publicKey);

/** Signs the user of `role` in on a new data folder, waits for the server's verdict and stops that core. */
async function firstRun(s: RunningDevServer, role: number, key: string, verdict: PushStatus['state']) {
  const dataDir = tempDir();
  const t = await core(dataDir, key);
  const user = s.byRole(role);
  const summary = await t.ok('account:signIn', { url: s.baseUrl, email: user.email, password: user.password });
  await waitForPush(t, summary.id, (p) => p.state === verdict);
  await t.core.close();
  return { dataDir, summary, ref: { realmUrl: summary.realmUrl, email: user.email } };
}

/** Starts the core again after its server stopped, once its registration has failed to get through. */
async function restartOffline(s: RunningDevServer, dataDir: string, key: string) {
  await s.stop();
  const again = await core(dataDir, key);
  await again.waitFor('account:status', (p) => p.status.state === 'offline');
  const tried = () => again.logLines.some((l) => l.includes('push registration did not get through'));
  await vi.waitFor(() => expect(tried()).toBe(true), { timeout: 10_000, interval: 20 });
  return { again, shown: (await again.ok('app:state', {})).accounts[0]?.push };
}

describe('the push status after a restart', () => {
  it('is the cached active verdict while the new registration cannot get through', async () => {
    const s = await server();
    const { dataDir, summary } = await firstRun(s, 400, bouncerKeyOf(s), 'active');
    const { again, shown } = await restartOffline(s, dataDir, bouncerKeyOf(s));
    expect(shown).toEqual({ state: 'active' });
    expect(pushHistory(again, summary.id)).toEqual(['active']);
  });

  it('is a cached failure, worded as when it happened', async () => {
    const s = await server();
    const key = keyTheBouncerDoesNotKnow();
    const { dataDir } = await firstRun(s, 300, key, 'failed');
    const { shown } = await restartOffline(s, dataDir, key);
    expect(shown).toEqual({ state: 'failed', code: 'update-app', message: UPDATE_APP_MESSAGE });
  });

  it('is pending when the keychain lost the identity the cached row belonged to', async () => {
    const s = await server();
    const { dataDir, ref } = await firstRun(s, 600, bouncerKeyOf(s), 'active');
    const before = (await loadPushIdentity(credentials, ref))!.pushAccountId;
    await forgetPushIdentity(credentials, ref);
    const { shown } = await restartOffline(s, dataDir, bouncerKeyOf(s));
    expect(shown).toEqual({ state: 'pending' });
    // A new identity was made for the new registration; the old row says nothing about it.
    expect((await loadPushIdentity(credentials, ref))?.pushAccountId).not.toBe(before);
  });

  it('gives way to this run’s verdict once the server gives one', async () => {
    const s = await server();
    const { dataDir, summary } = await firstRun(s, 200, bouncerKeyOf(s), 'active');
    // The next build trusts a key the bouncer does not know: the server now refuses the device.
    const again = await core(dataDir, keyTheBouncerDoesNotKnow());
    const failed = await waitForPush(again, summary.id, (p) => p.state === 'failed');
    expect(failed.push).toMatchObject({ code: 'update-app' });
    expect(pushHistory(again, summary.id)).toEqual(['active', 'failed']);
  });
});

/**
 * Where push cannot work, it stays quietly off: a server without a push service, a core built
 * without push (Linux, Windows), a platform that gives no token or refuses one. The account list
 * says "off", nothing is logged as an error, and no push key is made when there is nothing to register.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialStore } from '../../../main/credentials';
import { loadPushIdentity } from '../../../main/push/keys';
import { platformPushToken } from '../../../main/push/platform';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';
import { pushHistory, startPushCore, testKeychain, testPush, waitForPush, type PushCore } from './support';

/** Any key will do: without a bouncer the server never looks at it. */
const SOME_KEY = Buffer.alloc(32, 7).toString('base64');
const ERROR_LINE = / ERROR \[/;

let server: RunningDevServer;
let keychain: Awaited<ReturnType<typeof testKeychain>>;
let credentials: CredentialStore;
const running: PushCore[] = [];

beforeAll(async () => {
  keychain = await testKeychain();
  credentials = keychain.store;
  server = await startDevServer({ seed: 'demo' });
});

afterAll(async () => {
  await Promise.all(running.map((t) => t.core.close()));
  await server?.stop();
  await keychain?.cleanup();
});

async function signedIn(push: Parameters<typeof startPushCore>[2], role: number) {
  const t = await startPushCore(tempDir(), credentials, push);
  running.push(t);
  const user = server.byRole(role);
  const summary = await t.ok('account:signIn', { url: server.baseUrl, email: user.email, password: user.password });
  return { t, summary, ref: { realmUrl: summary.realmUrl, email: user.email } };
}

describe('push off', () => {
  it('turns off without complaint when the server has no push service', async () => {
    const { t, summary } = await signedIn(testPush(SOME_KEY), 400);
    const off = await waitForPush(t, summary.id, (p) => p.state === 'off');
    // No reason: there is nothing the user could do about it.
    expect(off.push).toEqual({ state: 'off' });
    expect(pushHistory(t, summary.id)).toEqual(['pending', 'off']);
    await t.waitFor('account:status', (p) => p.accountId === summary.id && p.status.state === 'live');
    expect(t.logLines.filter((l) => ERROR_LINE.test(l))).toEqual([]);
  });

  it('is off from the start in a core built without push, and makes no push key', async () => {
    const { t, summary, ref } = await signedIn(null, 300);
    expect(summary.push).toEqual({ state: 'off' });
    await t.waitFor('account:status', (p) => p.accountId === summary.id && p.status.state === 'live');
    expect((await t.ok('app:state', {})).accounts[0]?.push).toEqual({ state: 'off' });
    expect(await loadPushIdentity(credentials, ref)).toBeNull();
  });

  it('is off where the platform gives no token (as on Linux), and makes no push key', async () => {
    const linux = testPush(SOME_KEY, { token: () => platformPushToken('linux', null) });
    const { t, summary, ref } = await signedIn(linux, 200);
    await waitForPush(t, summary.id, (p) => p.state === 'off');
    expect(await loadPushIdentity(credentials, ref)).toBeNull();
    expect(t.logLines.filter((l) => ERROR_LINE.test(l))).toEqual([]);
  });

  it("is off with the platform's reason when macOS refuses a token", async () => {
    const refusing = testPush(SOME_KEY, {
      token: () => Promise.reject(new Error('no valid "aps-environment" entitlement string found for application')),
    });
    const { t, summary, ref } = await signedIn(refusing, 100);
    const off = await waitForPush(t, summary.id, (p) => p.state === 'off');
    expect(off.push?.state === 'off' && off.push.reason).toMatch(/refused push notifications: .*entitlement/);
    expect(await loadPushIdentity(credentials, ref)).toBeNull();
    expect(t.logLines.some((l) => / WARN +\[.*no push token/.test(l))).toBe(true);
    expect(t.logLines.filter((l) => ERROR_LINE.test(l))).toEqual([]);
  });
});

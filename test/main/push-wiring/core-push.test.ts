/**
 * Encrypted push wired into the running core, against the dev server (own process, in-process
 * bouncer, test hooks) with the push identities in the real OS keychain: a signed-in account
 * registers the device, the account list shows pending then active, a pushed message notification
 * opens with the account's key, and the bouncer's verdicts (stale, unknown key) reach the user.
 * Only the device token is made up: Electron's APNs cannot run here.
 */
import nacl from 'tweetnacl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../../../main/api/routes/messages';
import type { CredentialStore } from '../../../main/credentials';
import { toBase64 } from '../../../main/push/base64';
import { UPDATE_APP_MESSAGE } from '../../../main/push/errors';
import { loadPushIdentity } from '../../../main/push/keys';
import { decryptNotification } from '../../../main/push/notification';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { signIn } from '../../push/support';
import { allFileBytes } from '../core/harness';
import { tempDir } from '../store/fixtures';
import { hookPushes, pushHistory, startPushCore, testKeychain, testPush, waitForPush, type PushCore } from './support';

let server: RunningDevServer;
let bouncerKey: string;
let keychain: Awaited<ReturnType<typeof testKeychain>>;
let credentials: CredentialStore;
const running: PushCore[] = [];

beforeAll(async () => {
  keychain = await testKeychain();
  credentials = keychain.store;
  server = await startDevServer({ seed: 'demo', args: ['--bouncer', 'inprocess', '--test-hooks'] });
  bouncerKey = String(server.startLine['bouncer_public_key']);
});

afterAll(async () => {
  await Promise.all(running.map((t) => t.core.close()));
  await server?.stop();
  await keychain?.cleanup();
});

async function core(dataDir: string, push: Parameters<typeof startPushCore>[2]): Promise<PushCore> {
  const t = await startPushCore(dataDir, credentials, push);
  running.push(t);
  return t;
}

async function signInAs(t: PushCore, role: number) {
  const user = server.byRole(role);
  return t.ok('account:signIn', { url: server.baseUrl, email: user.email, password: user.password });
}

describe('push wired into the core', () => {
  it('registers a signed-in account: pending, then active from the push_device event, in the account list', async () => {
    const dataDir = tempDir();
    const t = await core(dataDir, testPush(bouncerKey));
    const member = server.byRole(400);
    const summary = await signInAs(t, 400);

    const active = await waitForPush(t, summary.id, (p) => p.state === 'active');
    expect(active.push).toEqual({ state: 'active' });
    // Pending first (registration sent), active only once the server's event said so.
    expect(pushHistory(t, summary.id)).toEqual(['pending', 'active']);
    expect((await t.ok('app:state', {})).accounts.find((a) => a.id === summary.id)?.push).toEqual({
      state: 'active',
    });

    // The identity lives in the keychain; its ID is what the server now lists as active.
    const ref = { realmUrl: summary.realmUrl, email: member.email };
    const identity = await loadPushIdentity(credentials, ref);
    expect(identity?.pushAccountId).toBeGreaterThan(0);

    // Someone writes to the member; the server pushes a notification only this account's key opens.
    const owner = await signIn(server.baseUrl, server.byRole(100));
    const content = 'Lunch at noon? push-wiring check';
    const sent = await sendMessage(owner, { type: 'direct', to: [member.userId], content }, summary.featureLevel);
    const apiKey = (await credentials.get(ref))!;
    const pushes = await hookPushes(
      server.baseUrl,
      { email: member.email, apiKey },
      { push_account_id: String(identity!.pushAccountId), message_id: String(sent.id) },
    );
    expect(pushes.map((p) => p.push_account_id)).toEqual([identity!.pushAccountId]);
    expect(JSON.stringify(pushes[0]?.payload)).not.toContain('Lunch');
    const payload = decryptNotification(pushes[0]?.payload, identity!);
    expect(payload).toMatchObject({
      type: 'message',
      realm_url: server.baseUrl,
      user_id: member.userId,
      message_id: sent.id,
      sender_id: server.byRole(100).userId,
      sender_full_name: server.byRole(100).fullName,
      recipient_type: 'direct',
      recipient_user_ids: [server.byRole(100).userId],
    });
    expect(payload.type === 'message' && payload.content).toContain('Lunch at noon?');

    // The secret half never reaches the SQLite files or the log.
    await t.core.close();
    const secret = Buffer.from(toBase64(identity!.secretKey));
    for (const f of allFileBytes(dataDir)) expect(f.bytes.includes(secret), f.file).toBe(false);
    expect(t.logLines.some((l) => l.includes(toBase64(identity!.secretKey)))).toBe(false);
    expect(t.logLines.some((l) => l.includes(apiKey))).toBe(false);

    // A restart keeps the identity and registers it again; signing out forgets it.
    const again = await core(dataDir, testPush(bouncerKey));
    await waitForPush(again, summary.id, (p) => p.state === 'active');
    expect((await loadPushIdentity(credentials, ref))?.pushAccountId).toBe(identity!.pushAccountId);
    await again.ok('account:signOut', { accountId: summary.id });
    expect(await loadPushIdentity(credentials, ref)).toBeNull();
  });

  it('gives two accounts of one app different push_account_ids, both active', async () => {
    const t = await core(tempDir(), testPush(bouncerKey));
    const a = await signInAs(t, 300);
    const b = await signInAs(t, 200);
    await waitForPush(t, a.id, (p) => p.state === 'active');
    await waitForPush(t, b.id, (p) => p.state === 'active');
    const idOf = async (s: typeof a) =>
      (await loadPushIdentity(credentials, { realmUrl: s.realmUrl, email: s.email }))?.pushAccountId;
    const [idA, idB] = [await idOf(a), await idOf(b)];
    expect(idA).toBeGreaterThan(0);
    expect(idB).toBeGreaterThan(0);
    expect(idA).not.toBe(idB);
  });

  it('answers REQUEST_EXPIRED with a fresh registration and ends active', async () => {
    const stamps: number[] = [];
    // The first payload is stamped two hours ago (a laptop waking with a stale retry); later ones now.
    const now = () => {
      const at = stamps.length === 0 ? Date.now() - 2 * 3600_000 : Date.now();
      stamps.push(at);
      return at;
    };
    const t = await core(tempDir(), testPush(bouncerKey, { now }));
    const summary = await signInAs(t, 600);
    await waitForPush(t, summary.id, (p) => p.state === 'active');
    expect(stamps).toHaveLength(2);
    expect(pushHistory(t, summary.id)).toEqual(['pending', 'active']);
  });

  it('says to check the clock when every registration is called stale', async () => {
    const t = await core(tempDir(), testPush(bouncerKey, { now: () => Date.now() - 86_400_000 }));
    const summary = await signInAs(t, 100);
    const failed = await waitForPush(t, summary.id, (p) => p.state === 'failed');
    expect(failed.push).toMatchObject({ state: 'failed', code: 'registration-expired' });
    expect(failed.push?.state === 'failed' && failed.push.message).toMatch(/date and time/);
  });

  it('asks for a newer Parley when the bouncer does not know our key', async () => {
    const unknownKey = toBase64(nacl.box.keyPair().publicKey);
    const t = await core(tempDir(), testPush(unknownKey));
    const summary = await signInAs(t, 400);
    const failed = await waitForPush(t, summary.id, (p) => p.state === 'failed');
    expect(failed.push).toEqual({ state: 'failed', code: 'update-app', message: UPDATE_APP_MESSAGE });
  });
});

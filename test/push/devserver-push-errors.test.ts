/**
 * The dev server's push endpoints when things are not fine: no bouncer configured, bad input,
 * the legacy APNs endpoint, and a bouncer in another process that does not know the realm.
 */
import { randomUUID } from 'node:crypto';
import nacl from 'tweetnacl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBouncer, type RunningBouncer } from '../../devserver/bouncer/server';
import { ApiError, SuccessEnvelope, type ApiClient } from '../../main/api';
import { removeApnsDeviceToken, registerPushDevice } from '../../main/api/routes/push';
import { getServerSettings } from '../../main/api/routes/server';
import { MemoryCredentialStore } from '../../main/credentials';
import { toBase64 } from '../../main/push/base64';
import { createPushIdentity, pushPublicKeyBase64 } from '../../main/push/keys';
import { PushRegistrar } from '../../main/push/registrar';
import { sendPushRegistration } from '../../main/push/registration';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { pushEventQueue, signIn } from './support';

const APNS = { token: '0f'.repeat(32), tokenKind: 'apns' as const, iosAppId: 'chat.parley.desktop' };
const anyKey = () => toBase64(nacl.box.keyPair().publicKey);

async function apiCode(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return `${error.code}: ${error.message}`;
}

describe('a dev server without a bouncer', () => {
  let server: RunningDevServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startDevServer({ seed: 'empty' });
    client = await signIn(server.baseUrl, server.byRole(100));
  });
  afterAll(async () => {
    await server.stop();
  });

  it('says PUSH_SERVICE_NOT_CONFIGURED, and the client quietly turns push off', async () => {
    const identity = await createPushIdentity(new MemoryCredentialStore(), {
      realmUrl: server.baseUrl,
      email: 'o@example.com',
    });
    const params = {
      tokenKind: 'apns' as const,
      pushAccountId: 1,
      pushPublicKey: pushPublicKeyBase64(identity),
      bouncerPublicKey: anyKey(),
      encryptedPushRegistration: 'AAAA',
    };
    expect(await apiCode(registerPushDevice(client, params))).toMatch(/^PUSH_SERVICE_NOT_CONFIGURED/);
    const reg = new PushRegistrar({ client, featureLevel: 420, identity, token: APNS, bouncerPublicKey: anyKey() });
    expect(await reg.register()).toEqual({ kind: 'disabled' });
    expect((await getServerSettings(client)).push_notifications_enabled).toBe(false);
  });

  it('hides the test hook unless started with --test-hooks', async () => {
    expect(await apiCode(client.request('POST', '/parley_test/push_notification', {}, SuccessEnvelope))).toMatch(
      /^BAD_REQUEST: Endpoint not found/,
    );
  });

  it('takes legacy APNs tokens below feature level 406, validating them as Zulip does', async () => {
    const identity = await createPushIdentity(new MemoryCredentialStore(), {
      realmUrl: server.baseUrl,
      email: 'legacy@example.com',
    });
    const legacy = { client, featureLevel: 300, identity, token: APNS, bouncerPublicKey: anyKey() };
    expect(await sendPushRegistration(legacy)).toEqual({ kind: 'legacy' });
    expect(
      await sendPushRegistration({ ...legacy, token: { token: 'fcm:token-value-123456', tokenKind: 'fcm' } }),
    ).toMatchObject({ kind: 'unsupported' });

    const post = (form: Record<string, string>) =>
      client.request('POST', '/users/me/apns_device_token', form, SuccessEnvelope);
    expect(await apiCode(post({ token: '', appid: 'chat.parley.desktop' }))).toBe(
      'BAD_REQUEST: Empty or invalid length token',
    );
    expect(await apiCode(post({ token: 'zz'.repeat(32), appid: 'chat.parley.desktop' }))).toBe(
      'BAD_REQUEST: Invalid APNS token',
    );
    expect(await apiCode(post({ token: APNS.token }))).toMatch(/^REQUEST_VARIABLE_MISSING: Missing 'appid'/);

    await removeApnsDeviceToken(client, { token: APNS.token });
    expect(await apiCode(removeApnsDeviceToken(client, { token: APNS.token }))).toBe(
      'BAD_REQUEST: Token does not exist',
    );
    expect(await apiCode(removeApnsDeviceToken(client, { token: '' }))).toBe(
      'BAD_REQUEST: Empty or invalid length token',
    );
  });
});

describe('a dev server using a bouncer in another process', () => {
  const orgId = randomUUID();
  const orgKey = `k-${randomUUID()}`;
  const knownRealm = randomUUID();
  let bouncer: RunningBouncer;
  let servers: RunningDevServer[] = [];

  beforeAll(async () => {
    bouncer = await startBouncer({ remotes: [{ orgId, orgKey, realmUuids: [knownRealm] }] });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    await bouncer.stop();
  });

  async function serverFor(realmUuid: string): Promise<ApiClient> {
    const server = await startDevServer({
      seed: 'empty',
      args: ['--bouncer-url', bouncer.url, '--bouncer-org', `${orgId}:${orgKey}`, '--realm-uuid', realmUuid],
    });
    servers.push(server);
    expect(server.startLine).toMatchObject({ realm_uuid: realmUuid, bouncer_url: bouncer.url });
    return signIn(server.baseUrl, server.byRole(100));
  }

  async function registerAndSettle(client: ApiClient) {
    const identity = await createPushIdentity(new MemoryCredentialStore(), {
      realmUrl: client.realmUrl,
      email: 'x@example.com',
    });
    const feed = await pushEventQueue(client);
    const reg = new PushRegistrar({
      client,
      featureLevel: 420,
      identity,
      token: APNS,
      bouncerPublicKey: bouncer.state.keys.currentPublicKey,
    });
    expect(await reg.register()).toEqual({ kind: 'pending' });
    return feed.feedUntil(reg, (s) => s.kind === 'active' || s.kind === 'failed');
  }

  it('becomes active when the bouncer knows the realm', async () => {
    const client = await serverFor(knownRealm);
    expect(await registerAndSettle(client)).toEqual({ kind: 'active' });
    expect((await getServerSettings(client)).push_notifications_enabled).toBe(true);
  });

  it('fails with MISSING_REMOTE_REALM when it does not', async () => {
    const client = await serverFor(randomUUID());
    expect(await registerAndSettle(client)).toMatchObject({
      kind: 'failed',
      code: 'registration-failed',
      serverCode: 'MISSING_REMOTE_REALM',
    });
  });

  it('refuses malformed registrations before involving the bouncer', async () => {
    const client = await serverFor(knownRealm);
    const identity = await createPushIdentity(new MemoryCredentialStore(), {
      realmUrl: client.realmUrl,
      email: 'y@example.com',
    });
    const good = {
      tokenKind: 'apns' as const,
      pushAccountId: 9,
      pushPublicKey: pushPublicKeyBase64(identity),
      bouncerPublicKey: anyKey(),
      encryptedPushRegistration: toBase64(new Uint8Array(80)),
    };
    expect(await apiCode(registerPushDevice(client, { ...good, pushPublicKey: 'short' }))).toMatch(
      /^BAD_REQUEST: push_public_key is not standard base64/,
    );
    expect(await apiCode(registerPushDevice(client, { ...good, pushPublicKey: toBase64(new Uint8Array(16)) }))).toBe(
      'BAD_REQUEST: Invalid push_public_key',
    );
    expect(await apiCode(registerPushDevice(client, { ...good, encryptedPushRegistration: 'c2hvcnQ=' }))).toBe(
      'BAD_REQUEST: Invalid encrypted_push_registration',
    );
    expect(await apiCode(registerPushDevice(client, { ...good, tokenKind: 'gcm' as 'fcm' }))).toBe(
      'BAD_REQUEST: token_kind must be fcm or apns',
    );
    const missing = client.request('POST', '/mobile_push/register', { token_kind: 'apns' }, SuccessEnvelope);
    expect(await apiCode(missing)).toMatch(/^REQUEST_VARIABLE_MISSING: Missing 'push_account_id'/);
  });
});

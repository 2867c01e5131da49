/**
 * The whole encrypted path without the chat server's HTTP layer: the client seals a registration,
 * the server side (devserver/bouncer/client.ts) forwards it, seals a notification to the client's
 * push key and asks the bouncer to push it; the client decrypts what the bouncer recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BouncerClient, sealNotification } from '../../devserver/bouncer/client';
import { startBouncer } from '../../devserver/bouncer/server';
import { MemoryCredentialStore } from '../../main/credentials';
import { toBase64 } from '../../main/push/base64';
import { PushError } from '../../main/push/errors';
import { createPushIdentity, pushPublicKeyBase64, type PushIdentity } from '../../main/push/keys';
import { decryptNotification, notificationAccountId } from '../../main/push/notification';
import { buildPushRegistration, encryptPushRegistration } from '../../main/push/payload';
import { sealBox } from '../../main/push/sealedBox';
import { getJson, startTestBouncer, type TestBouncer } from './support';

let t: TestBouncer;
let server: BouncerClient;
let identity: PushIdentity;
let deviceId: number;

const message = {
  type: 'message',
  realm_url: 'http://127.0.0.1:9991',
  realm_name: 'Parley Dev',
  user_id: 11,
  message_id: 1234,
  sender_id: 12,
  sender_full_name: 'Cordelia Lear',
  recipient_type: 'channel',
  channel_id: 3,
  channel_name: 'design',
  topic: 'push ✓',
  content: 'Does the encrypted path work?',
  time: 1_760_000_000,
};

beforeAll(async () => {
  t = await startTestBouncer();
  server = new BouncerClient({ url: t.bouncer.url, orgId: t.orgId, orgKey: t.orgKey });
  identity = await createPushIdentity(new MemoryCredentialStore(), {
    realmUrl: message.realm_url,
    email: 'iago@example.com',
  });
  const key = t.bouncer.state.keys.currentPublicKey;
  const registration = buildPushRegistration({
    token: 'ab12'.repeat(16),
    tokenKind: 'apns',
    iosAppId: 'chat.parley.desktop',
  });
  const answer = await server.register({
    realmUuid: t.realmUuid,
    pushAccountId: identity.pushAccountId,
    encryptedPushRegistration: encryptPushRegistration(registration, key),
    bouncerPublicKey: key,
  });
  if (!answer.ok) throw new Error(`registration failed: ${answer.code} ${answer.msg}`);
  deviceId = answer.value.deviceId;
});

afterAll(async () => {
  await t.bouncer.stop();
});

async function pushesFor(id: number): Promise<Array<{ token: string; payload: unknown }>> {
  const answer = await getJson(`${t.bouncer.url}/api/v1/parley_test/pushes?device_id=${id}`);
  return answer.body['pushes'] as Array<{ token: string; payload: unknown }>;
}

describe('encrypted notification round trip', () => {
  it('delivers a payload only the client can read, to the token it registered', async () => {
    const encryptedData = await sealNotification(message, pushPublicKeyBase64(identity));
    expect(encryptedData).not.toBeNull();
    const sent = await server.notify({ realmUuid: t.realmUuid, deviceId, encryptedData: encryptedData ?? '' });
    expect(sent.ok).toBe(true);

    const pushes = await pushesFor(deviceId);
    expect(pushes).toHaveLength(1);
    const pushed = pushes[0]!;
    expect(pushed.token).toBe('ab12'.repeat(16));
    expect(JSON.stringify(pushed.payload)).not.toContain('Cordelia');
    expect(notificationAccountId(pushed.payload)).toBe(identity.pushAccountId);
    expect(decryptNotification(pushed.payload, identity)).toEqual(message);
  });

  it('refuses pushes to unknown devices and data that is not a sealed box', async () => {
    const unknown = await server.notify({ realmUuid: t.realmUuid, deviceId: deviceId + 1000, encryptedData: 'AAAA' });
    expect(unknown).toMatchObject({ ok: false, code: 'INVALID_REMOTE_PUSH_DEVICE_TOKEN' });
    const garbage = await server.notify({ realmUuid: t.realmUuid, deviceId, encryptedData: 'c2hvcnQ=' });
    expect(garbage).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    const wrongRealm = await server.notify({ realmUuid: 'elsewhere', deviceId, encryptedData: 'c2hvcnQ=' });
    expect(wrongRealm).toMatchObject({ ok: false, code: 'MISSING_REMOTE_REALM' });
    expect(await sealNotification(message, 'not-a-key')).toBeNull();
  });

  it('turns every unreadable notification into a bad-notification error', async () => {
    const other = await createPushIdentity(new MemoryCredentialStore(), {
      realmUrl: message.realm_url,
      email: 'x@example.com',
    });
    const forOther = await sealNotification(message, pushPublicKeyBase64(other));
    const unknownType = await sealNotification({ ...message, type: 'poke' }, pushPublicKeyBase64(identity));
    const tooShort = Buffer.from('not json').toString('base64');
    const notJson = toBase64(sealBox(new TextEncoder().encode('not json'), identity.publicKey));
    const cases: Array<[unknown, RegExp]> = [
      [{ push_account_id: identity.pushAccountId, encrypted_data: forOther }, /not encrypted to this account/],
      [{ push_account_id: other.pushAccountId, encrypted_data: forOther }, /different account/],
      [{ push_account_id: identity.pushAccountId, encrypted_data: unknownType }, /expected format/],
      [{ push_account_id: identity.pushAccountId, encrypted_data: '%%%' }, /base64/],
      [{ push_account_id: identity.pushAccountId, encrypted_data: tooShort }, /not encrypted to this account/],
      [{ push_account_id: identity.pushAccountId, encrypted_data: notJson }, /not UTF-8 JSON/],
      [{ encrypted_data: forOther }, /envelope/],
      ['just a string', /envelope/],
    ];
    for (const [envelope, reason] of cases) {
      const error = (() => {
        try {
          decryptNotification(envelope, identity);
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(PushError);
      expect((error as PushError).code).toBe('bad-notification');
      expect((error as PushError).message).toMatch(reason);
    }
  });

  it('accepts the string push_account_id some servers send', async () => {
    const encryptedData = await sealNotification(
      { type: 'test', realm_url: message.realm_url, user_id: 11, time: 1 },
      pushPublicKeyBase64(identity),
    );
    const payload = decryptNotification(
      { push_account_id: String(identity.pushAccountId), encrypted_data: encryptedData },
      identity,
    );
    expect(payload).toEqual({ type: 'test', realm_url: message.realm_url, user_id: 11, time: 1 });
  });
});

describe('test-only routes', () => {
  it('are not served unless the bouncer was started with them', async () => {
    const quiet = await startBouncer();
    try {
      const answer = await getJson(`${quiet.url}/api/v1/parley_test/pushes`);
      expect(answer.status).toBe(404);
    } finally {
      await quiet.stop();
    }
  });
});

/**
 * The dev bouncer over real HTTP: a registration sealed by the client code is opened by the
 * bouncer (libsodium), and each refusal has its documented code.
 */
import nacl from 'tweetnacl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '../../main/push/base64';
import { buildPushRegistration, encryptPushRegistration, type PushToken } from '../../main/push/payload';
import { sealBox } from '../../main/push/sealedBox';
import { getJson, postForm, startTestBouncer, type TestBouncer } from './support';

const FCM: PushToken = { token: 'fcm-token:APA91bHun4MxP5egoKMwt2KZFBaFUH', tokenKind: 'fcm' };
let t: TestBouncer;
let registerUrl: string;

beforeAll(async () => {
  t = await startTestBouncer({ maxAgeSeconds: 300 });
  registerUrl = `${t.bouncer.url}/api/v1/remotes/push/e2ee/register`;
});

afterAll(async () => {
  await t.bouncer.stop();
});

function form(
  over: Partial<Record<string, string>> = {},
  token: PushToken = FCM,
  nowMs = Date.now(),
): Record<string, string> {
  const key = t.bouncer.state.keys.currentPublicKey;
  const base: Record<string, string> = {
    realm_uuid: t.realmUuid,
    push_account_id: '4242',
    bouncer_public_key: key,
    encrypted_push_registration: encryptPushRegistration(buildPushRegistration(token, nowMs), key),
  };
  return Object.fromEntries(
    Object.entries({ ...base, ...over }).filter((e): e is [string, string] => e[1] !== undefined),
  );
}

const remote = () => ({ user: t.orgId, password: t.orgKey });

describe('POST /remotes/push/e2ee/register', () => {
  it('opens the sealed registration, stores the token and returns a device_id', async () => {
    const answer = await postForm(registerUrl, form({ push_account_id: '777' }), remote());
    expect(answer.status).toBe(200);
    expect(answer.body['result']).toBe('success');
    const deviceId = answer.body['device_id'] as number;
    expect(Number.isInteger(deviceId)).toBe(true);
    const device = t.bouncer.state.registry.device(t.orgId, t.realmUuid, deviceId);
    expect(device).toMatchObject({ pushAccountId: 777, token: FCM.token, tokenKind: 'fcm', iosAppId: null });
  });

  it('keeps the device_id when the same push account registers a new token', async () => {
    const first = await postForm(registerUrl, form({ push_account_id: '888' }), remote());
    const apns: PushToken = { token: 'ab'.repeat(32), tokenKind: 'apns', iosAppId: 'chat.parley.desktop' };
    const second = await postForm(registerUrl, form({ push_account_id: '888' }, apns), remote());
    expect(second.body['device_id']).toBe(first.body['device_id']);
    const device = t.bouncer.state.registry.device(t.orgId, t.realmUuid, second.body['device_id'] as number);
    expect(device).toMatchObject({ token: apns.token, tokenKind: 'apns', iosAppId: 'chat.parley.desktop' });
  });

  it('refuses a bouncer key it does not have with INVALID_BOUNCER_PUBLIC_KEY', async () => {
    const stranger = toBase64(nacl.box.keyPair().publicKey);
    const fields = form();
    fields['bouncer_public_key'] = stranger;
    fields['encrypted_push_registration'] = encryptPushRegistration(buildPushRegistration(FCM), stranger);
    const answer = await postForm(registerUrl, fields, remote());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ result: 'error', code: 'INVALID_BOUNCER_PUBLIC_KEY' });
  });

  it('refuses a stale registration with REQUEST_EXPIRED, and one inside the window is fine', async () => {
    const stale = await postForm(registerUrl, form({}, FCM, Date.now() - 301_000), remote());
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ result: 'error', code: 'REQUEST_EXPIRED' });
    const future = await postForm(registerUrl, form({}, FCM, Date.now() + 3_600_000), remote());
    expect(future.body['code']).toBe('REQUEST_EXPIRED');
    const recent = await postForm(registerUrl, form({}, FCM, Date.now() - 200_000), remote());
    expect(recent.body['result']).toBe('success');
  });

  it('refuses a realm the server has not registered with MISSING_REMOTE_REALM', async () => {
    const answer = await postForm(registerUrl, form({ realm_uuid: '00000000-0000-4000-8000-000000000000' }), remote());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ result: 'error', code: 'MISSING_REMOTE_REALM' });
  });

  it('answers 401 without Basic auth, with a wrong key and with an unknown organization', async () => {
    const none = await postForm(registerUrl, form());
    expect(none.status).toBe(401);
    expect(none.body['code']).toBe('UNAUTHORIZED');
    const wrongKey = await postForm(registerUrl, form(), { user: t.orgId, password: `${t.orgKey}x` });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body['code']).toBe('INVALID_ZULIP_SERVER');
    const unknown = await postForm(registerUrl, form(), { user: 'someone-else', password: t.orgKey });
    expect(unknown.status).toBe(401);
    expect(unknown.body['code']).toBe('INVALID_ZULIP_SERVER');
  });

  it('says BAD_REQUEST for ciphertext it cannot open or read, and names a missing parameter', async () => {
    const notBase64 = await postForm(registerUrl, form({ encrypted_push_registration: 'not base64!' }), remote());
    expect(notBase64.body).toMatchObject({ code: 'BAD_REQUEST', msg: expect.stringMatching(/base64/) });

    const otherKey = toBase64(nacl.box.keyPair().publicKey);
    const sealedElsewhere = encryptPushRegistration(buildPushRegistration(FCM), otherKey);
    const undecryptable = await postForm(registerUrl, form({ encrypted_push_registration: sealedElsewhere }), remote());
    expect(undecryptable.body).toMatchObject({ code: 'BAD_REQUEST', msg: expect.stringMatching(/decrypt/) });

    const key = t.bouncer.state.keys.currentPublicKey;
    const noKind = toBase64(sealJson({ token: 'x', timestamp: Math.floor(Date.now() / 1000) }, key));
    const invalid = await postForm(registerUrl, form({ encrypted_push_registration: noKind }), remote());
    expect(invalid.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: expect.stringMatching(/Invalid encrypted_push_registration/),
    });

    const missing = await postForm(registerUrl, form({ push_account_id: undefined }), remote());
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'push_account_id' });
  });

  it('stops accepting a key once the bouncer retires it', async () => {
    const oldKey = t.bouncer.state.keys.currentPublicKey;
    const fields = form();
    const newKey = t.bouncer.state.keys.rotate({ retireOthers: true });
    const stale = await postForm(registerUrl, fields, remote());
    expect(stale.body['code']).toBe('INVALID_BOUNCER_PUBLIC_KEY');
    const keys = await getJson(`${t.bouncer.url}/api/v1/bouncer/public_keys`);
    expect(keys.body).toMatchObject({ current_public_key: newKey, public_keys: [newKey] });
    expect(keys.body['public_keys']).not.toContain(oldKey);
  });
});

/** Seals arbitrary JSON (not a valid registration) with the client's sealed box, to test the bouncer's checks. */
function sealJson(value: unknown, key: string): Uint8Array {
  return sealBox(new TextEncoder().encode(JSON.stringify(value)), fromBase64(key) ?? new Uint8Array(0));
}

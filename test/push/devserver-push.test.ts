/**
 * Encrypted push through the dev server (its own process, in-process bouncer, test hooks on):
 * the client registers, follows push_device events to "active", and decrypts the notifications
 * the server had the bouncer push; stale and unknown-key registrations get their documented handling.
 */
import nacl from 'tweetnacl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ApiClient } from '../../main/api/client';
import { getMessages } from '../../main/api/routes/messages';
import { MemoryCredentialStore } from '../../main/credentials';
import { toBase64 } from '../../main/push/base64';
import { findPushDevice } from '../../main/push/devices';
import { UPDATE_APP_MESSAGE } from '../../main/push/errors';
import { createPushIdentity, type PushIdentity } from '../../main/push/keys';
import { decryptNotification } from '../../main/push/notification';
import type { PushToken } from '../../main/push/payload';
import { PushRegistrar, type PushRegistrarOptions } from '../../main/push/registrar';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { pushEventQueue, signIn } from './support';

const TOKEN: PushToken = { token: '5a'.repeat(32), tokenKind: 'apns', iosAppId: 'chat.parley.desktop' };
const settled = (s: { kind: string }) => s.kind !== 'pending' && s.kind !== 'idle';

let server: RunningDevServer;
let client: ApiClient;
let bouncerKey: string;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo', args: ['--bouncer', 'inprocess', '--test-hooks'] });
  client = await signIn(server.baseUrl, server.byRole(400));
  bouncerKey = String(server.startLine['bouncer_public_key']);
});

afterAll(async () => {
  await server.stop();
});

async function newIdentity(email: string): Promise<PushIdentity> {
  return createPushIdentity(new MemoryCredentialStore(), { realmUrl: server.baseUrl, email });
}

function registrar(identity: PushIdentity, over: Partial<PushRegistrarOptions> = {}): PushRegistrar {
  return new PushRegistrar({
    client,
    featureLevel: 420,
    identity,
    token: TOKEN,
    bouncerPublicKey: bouncerKey,
    ...over,
  });
}

const HookAnswer = z.looseObject({
  pushes: z.array(z.looseObject({ push_account_id: z.number(), payload: z.unknown() })),
});

/** POST /parley_test/push_notification: what the server handed the bouncer for our devices. */
async function hook(form: Record<string, string>): Promise<Array<{ push_account_id: number; payload: unknown }>> {
  const res = await client.request('POST', '/parley_test/push_notification', form, HookAnswer);
  return res.pushes;
}

describe('encrypted push through the dev server', () => {
  it('registers, becomes active through push_device events, and shows up in push_devices', async () => {
    const identity = await newIdentity('active@example.com');
    const feed = await pushEventQueue(client);
    const reg = registrar(identity);
    expect(await reg.register()).toEqual({ kind: 'pending' });
    expect(await feed.feedUntil(reg, settled)).toEqual({ kind: 'active' });

    const later = await pushEventQueue(client);
    expect(findPushDevice(later.pushDevices, identity.pushAccountId)).toEqual({
      pushAccountId: identity.pushAccountId,
      status: 'active',
      errorCode: null,
    });
  });

  it('pushes notifications only the device can read: a test one and one for a real message', async () => {
    const identity = await newIdentity('reader@example.com');
    const feed = await pushEventQueue(client);
    const reg = registrar(identity);
    await reg.register();
    expect(await feed.feedUntil(reg, settled)).toEqual({ kind: 'active' });
    const me = server.byRole(400);

    const [testPush] = await hook({ push_account_id: String(identity.pushAccountId) });
    expect(testPush?.push_account_id).toBe(identity.pushAccountId);
    const test = decryptNotification(testPush?.payload, identity);
    expect(test).toMatchObject({
      type: 'test',
      realm_url: server.baseUrl,
      realm_name: server.realmName,
      user_id: me.userId,
    });

    const page = await getMessages(client, { anchor: 'newest', num_before: 1, num_after: 0 });
    const message = page.messages[0]!;
    const [messagePush] = await hook({
      push_account_id: String(identity.pushAccountId),
      message_id: String(message.id),
    });
    expect(JSON.stringify(messagePush?.payload)).not.toContain(message.sender_full_name);
    const payload = decryptNotification(messagePush?.payload, identity);
    expect(payload).toMatchObject({
      type: 'message',
      message_id: message.id,
      sender_id: message.sender_id,
      sender_full_name: message.sender_full_name,
      user_id: me.userId,
    });
    if (payload.type === 'message' && payload.recipient_type === 'channel') expect(payload.topic).toBe(message.subject);

    const other = await newIdentity('someone-else@example.com');
    expect(() =>
      decryptNotification(messagePush?.payload, { ...other, pushAccountId: identity.pushAccountId }),
    ).toThrow(/not encrypted to this account/);
  });

  it('re-registers with a fresh payload when the bouncer says REQUEST_EXPIRED', async () => {
    const identity = await newIdentity('skewed@example.com');
    const feed = await pushEventQueue(client);
    const stamps: number[] = [];
    // The first payload is stamped two hours ago (a sleeping laptop's stale retry); later ones now.
    const now = () => {
      const t = stamps.length === 0 ? Date.now() - 2 * 3600_000 : Date.now();
      stamps.push(t);
      return t;
    };
    const reg = registrar(identity, { now });
    await reg.register();
    expect(await feed.feedUntil(reg, (s) => s.kind === 'active' || s.kind === 'failed')).toEqual({ kind: 'active' });
    expect(stamps.length).toBe(2);
  });

  it('gives up with a clock hint when every payload is called stale', async () => {
    const identity = await newIdentity('wrong-clock@example.com');
    const feed = await pushEventQueue(client);
    const reg = registrar(identity, { now: () => Date.now() - 86_400_000, maxExpiredRetries: 1 });
    await reg.register();
    const state = await feed.feedUntil(reg, (s) => s.kind === 'failed' || s.kind === 'active');
    expect(state).toMatchObject({ kind: 'failed', code: 'registration-expired', serverCode: 'REQUEST_EXPIRED' });
    expect(state.kind === 'failed' && state.message).toMatch(/date and time/);
  });

  it('asks the user to update the app when the bouncer does not know our key', async () => {
    const identity = await newIdentity('old-build@example.com');
    const feed = await pushEventQueue(client);
    const reg = registrar(identity, { bouncerPublicKey: toBase64(nacl.box.keyPair().publicKey) });
    await reg.register();
    expect(await feed.feedUntil(reg, settled)).toEqual({
      kind: 'failed',
      code: 'update-app',
      message: UPDATE_APP_MESSAGE,
      serverCode: 'INVALID_BOUNCER_PUBLIC_KEY',
    });
    const later = await pushEventQueue(client);
    expect(findPushDevice(later.pushDevices, identity.pushAccountId)).toMatchObject({
      status: 'failed',
      errorCode: 'INVALID_BOUNCER_PUBLIC_KEY',
    });
  });
});

/** The registration plaintext, token checks, status parsing and the platform token source. */
import sodium from 'libsodium-wrappers';
import nacl from 'tweetnacl';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '../../main/push/base64';
import { findPushDevice, readPushDeviceEvent } from '../../main/push/devices';
import { PushError } from '../../main/push/errors';
import {
  buildPushRegistration,
  decodeBouncerPublicKey,
  encryptPushRegistration,
  type PushToken,
} from '../../main/push/payload';
import { platformPushToken } from '../../main/push/platform';

beforeAll(async () => {
  await sodium.ready;
});

const APNS: PushToken = {
  token: 'c0ffee'.repeat(8) + 'abcdef01'.repeat(2),
  tokenKind: 'apns',
  iosAppId: 'chat.parley.desktop',
};

function codeOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (e) {
    return e instanceof PushError ? e.code : `not a PushError: ${String(e)}`;
  }
}

describe('PushRegistration', () => {
  it('carries token, token_kind and a seconds timestamp, plus ios_app_id for APNs only', () => {
    expect(buildPushRegistration(APNS, 1_700_000_000_999)).toEqual({
      token: APNS.token,
      token_kind: 'apns',
      timestamp: 1_700_000_000,
      ios_app_id: 'chat.parley.desktop',
    });
    const fcm = buildPushRegistration(
      { token: 'abc:DEF_123-xyz.456789', tokenKind: 'fcm', iosAppId: 'ignored.app' },
      5_000,
    );
    expect(fcm).toEqual({ token: 'abc:DEF_123-xyz.456789', token_kind: 'fcm', timestamp: 5 });
  });

  it('encrypts to the bouncer key so that libsodium recovers the exact JSON', () => {
    const bouncer = sodium.crypto_box_keypair();
    const registration = buildPushRegistration(APNS, 1_700_000_000_000);
    const sealed = fromBase64(encryptPushRegistration(registration, toBase64(bouncer.publicKey)));
    expect(sealed).not.toBeNull();
    const plain = sodium.crypto_box_seal_open(sealed!, bouncer.publicKey, bouncer.privateKey, 'text');
    expect(JSON.parse(plain)).toEqual(registration);
  });

  it('refuses tokens the server would refuse, before sending anything', () => {
    expect(codeOf(() => buildPushRegistration({ ...APNS, token: '' }))).toBe('invalid-token');
    expect(codeOf(() => buildPushRegistration({ ...APNS, token: 'xyz' }))).toBe('invalid-token');
    expect(codeOf(() => buildPushRegistration({ ...APNS, token: 'abc' }))).toBe('invalid-token');
    expect(codeOf(() => buildPushRegistration({ token: APNS.token, tokenKind: 'apns' }))).toBe('invalid-token');
    expect(codeOf(() => buildPushRegistration({ token: 'has space in it, sadly', tokenKind: 'fcm' }))).toBe(
      'invalid-token',
    );
    expect(codeOf(() => buildPushRegistration(APNS))).toBeNull();
  });

  it('refuses a bouncer key that is not 32 bytes of standard base64', () => {
    expect(codeOf(() => decodeBouncerPublicKey('abcd'))).toBe('invalid-bouncer-key');
    const urlSafe = toBase64(new Uint8Array(32).fill(0xfb)).replace(/\+/g, '-').replace(/\//g, '_');
    expect(urlSafe).toMatch(/[-_]/);
    expect(codeOf(() => decodeBouncerPublicKey(urlSafe))).toBe('invalid-bouncer-key');
    expect(codeOf(() => decodeBouncerPublicKey(toBase64(nacl.randomBytes(31))))).toBe('invalid-bouncer-key');
    expect(decodeBouncerPublicKey(toBase64(new Uint8Array(32).fill(7)))).toHaveLength(32);
  });
});

describe('push device status reports', () => {
  it('reads push_devices entries by our integer ID and push_device events with string IDs', () => {
    const devices = {
      '17': { status: 'failed', error_code: 'REQUEST_EXPIRED' },
      '18': { status: 'active', error_code: null },
    };
    expect(findPushDevice(devices, 17)).toEqual({ pushAccountId: 17, status: 'failed', errorCode: 'REQUEST_EXPIRED' });
    expect(findPushDevice(devices, 18)).toEqual({ pushAccountId: 18, status: 'active', errorCode: null });
    expect(findPushDevice(devices, 19)).toBeNull();
    expect(findPushDevice('nonsense', 17)).toBeNull();
    expect(readPushDeviceEvent({ id: 4, type: 'push_device', push_account_id: '17', status: 'active' })).toEqual({
      pushAccountId: 17,
      status: 'active',
      errorCode: null,
    });
  });

  it('treats an unknown status as pending and ignores other events', () => {
    expect(readPushDeviceEvent({ type: 'push_device', push_account_id: 3, status: 'verifying' })?.status).toBe(
      'pending',
    );
    expect(readPushDeviceEvent({ type: 'heartbeat', id: 1 })).toBeNull();
    expect(readPushDeviceEvent({ type: 'push_device', push_account_id: 'x1', status: 'active' })).toBeNull();
  });
});

describe('platform push token', () => {
  // Electron's pushNotifications cannot run here; this stand-in is the boundary the brief allows.
  const apns = { registerForAPNSNotifications: async () => 'ab'.repeat(32) };

  it('asks APNs on macOS and labels the token with the bundle ID', async () => {
    expect(await platformPushToken('darwin', apns)).toEqual({
      token: 'ab'.repeat(32),
      tokenKind: 'apns',
      iosAppId: 'chat.parley.desktop',
    });
  });

  it('has no token on other platforms or without the module', async () => {
    expect(await platformPushToken('linux', apns)).toBeNull();
    expect(await platformPushToken('win32', apns)).toBeNull();
    expect(await platformPushToken('darwin', null)).toBeNull();
  });

  it('passes on macOS refusing, with its reason', async () => {
    const refusing = {
      registerForAPNSNotifications: () => Promise.reject(new Error('no valid aps-environment entitlement')),
    };
    await expect(platformPushToken('darwin', refusing)).rejects.toThrow(/aps-environment/);
  });
});

describe('push_device events from the API layer', () => {
  it('are read through the unknown-event wrapper main/api puts around them', () => {
    const raw = {
      id: 9,
      type: 'push_device',
      push_account_id: '55',
      status: 'failed',
      error_code: 'INVALID_BOUNCER_PUBLIC_KEY',
    };
    expect(readPushDeviceEvent({ id: 9, type: 'unknown', originalType: 'push_device', raw })).toEqual({
      pushAccountId: 55,
      status: 'failed',
      errorCode: 'INVALID_BOUNCER_PUBLIC_KEY',
    });
    expect(readPushDeviceEvent({ id: 9, type: 'unknown', originalType: 'realm_emoji', raw })).toBeNull();
  });
});

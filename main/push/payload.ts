/**
 * The PushRegistration the bouncer reads: {token, token_kind, timestamp, ios_app_id?}, JSON-encoded,
 * sealed to the bouncer's public key and base64-encoded. The server in between only relays it,
 * so it never learns the device token.
 */
import { fromBase64, toBase64 } from './base64';
import { PushError } from './errors';
import { PUBLIC_KEY_BYTES, sealBox } from './sealedBox';

export type TokenKind = 'fcm' | 'apns';

/** A device token as the platform gave it. */
export interface PushToken {
  token: string;
  tokenKind: TokenKind;
  /** APNs only: the app's bundle ID (the APNs topic), e.g. chat.parley.desktop. */
  iosAppId?: string;
}

/** The plaintext of encrypted_push_registration, with the API's field names. */
export interface PushRegistration {
  token: string;
  token_kind: TokenKind;
  /** UNIX seconds when this payload was made; the bouncer refuses stale ones (REQUEST_EXPIRED). */
  timestamp: number;
  ios_app_id?: string;
}

/** APNs tokens are hex (32 bytes today; Apple reserves the right to make them longer). */
const APNS_TOKEN = /^(?:[0-9a-f]{2}){8,200}$/i;
/** FCM tokens are long opaque strings of URL-safe characters and colons. */
const FCM_TOKEN = /^[A-Za-z0-9_:.-]{16,4096}$/;
const BUNDLE_ID = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/** Refuses a token the server would reject, with a reason, before anything is sent. */
export function checkPushToken(token: PushToken): void {
  if (token.tokenKind === 'apns') {
    if (!APNS_TOKEN.test(token.token))
      throw new PushError('invalid-token', 'The APNs device token is not an even-length hex string.');
    if (token.iosAppId === undefined || !BUNDLE_ID.test(token.iosAppId)) {
      throw new PushError(
        'invalid-token',
        'An APNs registration needs the app bundle ID (for example chat.parley.desktop).',
      );
    }
  } else if (!FCM_TOKEN.test(token.token)) {
    throw new PushError('invalid-token', 'The FCM registration token is empty or contains unexpected characters.');
  }
}

/** The registration to seal, stamped with the current time. */
export function buildPushRegistration(token: PushToken, nowMs: number = Date.now()): PushRegistration {
  checkPushToken(token);
  const registration: PushRegistration = {
    token: token.token,
    token_kind: token.tokenKind,
    timestamp: Math.floor(nowMs / 1000),
  };
  if (token.tokenKind === 'apns' && token.iosAppId !== undefined) registration.ios_app_id = token.iosAppId;
  return registration;
}

/** Decodes a bouncer public key given as base64, or explains what is wrong with it. */
export function decodeBouncerPublicKey(base64: string): Uint8Array {
  const key = fromBase64(base64);
  if (!key || key.length !== PUBLIC_KEY_BYTES) {
    throw new PushError('invalid-bouncer-key', 'The bouncer public key is not 32 bytes of standard base64.');
  }
  return key;
}

/** encrypted_push_registration: base64(sealed box of the JSON registration, to the bouncer's key). */
export function encryptPushRegistration(registration: PushRegistration, bouncerPublicKey: string): string {
  const key = decodeBouncerPublicKey(bouncerPublicKey);
  return toBase64(sealBox(new TextEncoder().encode(JSON.stringify(registration)), key));
}

/**
 * A launch picture is shown only if this install of Parley wrote it: the file carries an HMAC of
 * its fields under a per-install key kept in the OS keychain (never on disk). Anyone who can
 * change the data folder could otherwise put their own screen in front of the app at the next
 * start ("Session expired: sign in at ..."). Without a keychain the key lives for the session only,
 * so the next start shows no picture: a plain start, nothing lost.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  importKeytar,
  KEYCHAIN_SERVICE,
  KeytarCredentialStore,
  type CredentialKey,
  type CredentialStore,
} from '../credentials';

export const PICTURE_SIGNING_KEY: CredentialKey = {
  realmUrl: 'parley://this-install',
  email: 'launch-picture',
  purpose: 'launch-picture-key',
};

/** How long a launch waits for the keychain before it goes on without a picture. */
const KEYCHAIN_TIMEOUT_MS = 2000;

export interface SignedFields {
  accountId: string;
  build: string;
  theme: 'dark' | 'light' | null;
  html: string;
  /** The sanitizing policy the html passed (policy.ts). */
  policy: string;
}

/** This install's key from `store`, or null when it has none yet. */
export async function pictureSigningKey(store: CredentialStore): Promise<Buffer | null> {
  const kept = await store.get(PICTURE_SIGNING_KEY);
  return kept ? Buffer.from(kept, 'base64') : null;
}

/** This install's key from `store`; made and kept there on first use. */
export async function ensurePictureSigningKey(store: CredentialStore): Promise<Buffer> {
  const kept = await pictureSigningKey(store);
  if (kept) return kept;
  const key = randomBytes(32);
  await store.set(PICTURE_SIGNING_KEY, key.toString('base64'));
  return key;
}

export function signPicture(fields: SignedFields, key: Buffer): string {
  // An array, not the object: the order of the fields is fixed, whatever wrote the file.
  const message = JSON.stringify([fields.accountId, fields.build, fields.theme, fields.html, fields.policy]);
  return createHmac('sha256', key).update(message).digest('base64url');
}

export function isSignedBy(fields: SignedFields, mac: string, key: Buffer): boolean {
  const expected = Buffer.from(signPicture(fields, key));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The key as a launch reads it from the OS keychain, before the core (which makes it) has started;
 * null when there is none, no keychain, or it does not answer in time.
 */
export async function keychainSigningKey(service = KEYCHAIN_SERVICE): Promise<Buffer | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), KEYCHAIN_TIMEOUT_MS)));
  const read = importKeytar()
    .then((keytar) => pictureSigningKey(new KeytarCredentialStore(keytar, service)))
    .catch(() => null);
  return Promise.race([read, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The account's push identity: a NaCl (Curve25519) key pair plus the push_account_id that
 * notifications carry to say which account (and so which key) they are for. Both live together in
 * one keychain entry (purpose 'push-secret'), so a key is never paired with another account's ID.
 * Only the secret half is stored; the public half is derived from it.
 */
import { randomInt } from 'node:crypto';
import nacl from 'tweetnacl';
import type { CredentialKey, CredentialStore } from '../credentials';
import { fromBase64, toBase64 } from './base64';
import { PushError } from './errors';
import { SECRET_KEY_BYTES } from './sealedBox';

export interface PushIdentity {
  /** Random, unique among this client's accounts; sent as push_account_id. */
  readonly pushAccountId: number;
  readonly publicKey: Uint8Array;
  readonly secretKey: Uint8Array;
}

/** Which account's identity; the purpose is always 'push-secret'. */
export type PushAccountRef = Pick<CredentialKey, 'realmUrl' | 'email'>;

/** The JSON kept in the keychain entry. Versioned so the format can change without guessing. */
interface StoredIdentity {
  v: 1;
  push_account_id: number;
  secret_key: string;
}

/** Wide enough that collisions are rare, small enough to be exact in JSON and in every language's ints. */
const MAX_PUSH_ACCOUNT_ID = 2 ** 47;

function entry(account: PushAccountRef): CredentialKey {
  return { realmUrl: account.realmUrl, email: account.email, purpose: 'push-secret' };
}

/** push_public_key as the API wants it: standard base64 of the 32-byte public key. */
export function pushPublicKeyBase64(identity: PushIdentity): string {
  return toBase64(identity.publicKey);
}

/** A random push_account_id not in `taken` (the IDs of the client's other accounts). */
export function newPushAccountId(taken: Iterable<number> = []): number {
  const used = new Set(taken);
  for (;;) {
    const id = randomInt(1, MAX_PUSH_ACCOUNT_ID);
    if (!used.has(id)) return id;
  }
}

function corrupt(account: PushAccountRef, why: string): PushError {
  return new PushError(
    'corrupt-key',
    `The push notification key saved for ${account.email} cannot be read (${why}). It was left untouched; ` +
      'set up notifications for this account again to replace it.',
  );
}

function decode(account: PushAccountRef, raw: string): PushIdentity {
  let parsed: Partial<StoredIdentity>;
  try {
    parsed = JSON.parse(raw) as Partial<StoredIdentity>;
  } catch {
    throw corrupt(account, 'not JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || parsed.v !== 1) throw corrupt(account, 'unknown format');
  const id = parsed.push_account_id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw corrupt(account, 'no valid push account ID');
  const secretKey = typeof parsed.secret_key === 'string' ? fromBase64(parsed.secret_key) : null;
  if (!secretKey || secretKey.length !== SECRET_KEY_BYTES)
    throw corrupt(account, 'the secret key is not 32 bytes of base64');
  const pair = nacl.box.keyPair.fromSecretKey(secretKey);
  return { pushAccountId: id, publicKey: pair.publicKey, secretKey: pair.secretKey };
}

/** The saved identity, or null when the account has none yet. A damaged entry is a PushError('corrupt-key'). */
export async function loadPushIdentity(store: CredentialStore, account: PushAccountRef): Promise<PushIdentity | null> {
  const raw = await store.get(entry(account));
  return raw === null ? null : decode(account, raw);
}

/**
 * Makes a fresh key pair and push_account_id and saves them, replacing any earlier identity of the
 * account (whose notifications then cannot be read any more; the server must be told the new key).
 */
export async function createPushIdentity(
  store: CredentialStore,
  account: PushAccountRef,
  takenPushAccountIds: Iterable<number> = [],
): Promise<PushIdentity> {
  const pair = nacl.box.keyPair();
  const identity: PushIdentity = { pushAccountId: newPushAccountId(takenPushAccountIds), ...pair };
  const stored: StoredIdentity = {
    v: 1,
    push_account_id: identity.pushAccountId,
    secret_key: toBase64(pair.secretKey),
  };
  await store.set(entry(account), JSON.stringify(stored));
  return identity;
}

/** The saved identity, creating one the first time. A damaged entry is reported, never silently replaced. */
export async function ensurePushIdentity(
  store: CredentialStore,
  account: PushAccountRef,
  takenPushAccountIds: Iterable<number> = [],
): Promise<PushIdentity> {
  return (await loadPushIdentity(store, account)) ?? createPushIdentity(store, account, takenPushAccountIds);
}

/** Removes the identity (sign-out). Removing one that is not there is fine. */
export async function forgetPushIdentity(store: CredentialStore, account: PushAccountRef): Promise<void> {
  await store.delete(entry(account));
}

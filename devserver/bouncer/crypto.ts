/**
 * The bouncer's cryptography, done with libsodium itself (libsodium-wrappers), as real push
 * bouncers do. It is deliberately a different implementation from the client's tweetnacl-based
 * sealed box, so every test that goes through the bouncer also cross-checks the two.
 */
import sodium from 'libsodium-wrappers';

/** libsodium's WebAssembly must be loaded once before any call; cheap after the first. */
export async function sodiumReady(): Promise<void> {
  await sodium.ready;
}

export interface BoxKeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

export const BOX_PUBLIC_KEY_BYTES = 32;
/** crypto_box_SEALBYTES: a sealed box is always this much longer than its message. */
export const SEAL_OVERHEAD_BYTES = 48;

/** A key pair; with a 32-byte seed it is always the same one (a stable key clients can bake in). */
export function boxKeyPair(seed?: Uint8Array): BoxKeyPair {
  const pair = seed ? sodium.crypto_box_seed_keypair(seed) : sodium.crypto_box_keypair();
  return { publicKey: pair.publicKey, secretKey: pair.privateKey };
}

/** crypto_box_seal_open, or null when the box was not sealed to this key pair or was altered. */
export function openSealed(sealed: Uint8Array, pair: BoxKeyPair): Uint8Array | null {
  if (sealed.length < SEAL_OVERHEAD_BYTES) return null;
  try {
    return sodium.crypto_box_seal_open(sealed, pair.publicKey, pair.secretKey);
  } catch {
    return null;
  }
}

/** crypto_box_seal: encrypts to a public key, anonymously. */
export function seal(message: Uint8Array, recipientPublicKey: Uint8Array): Uint8Array {
  return sodium.crypto_box_seal(message, recipientPublicKey);
}

export function toBase64(bytes: Uint8Array): string {
  return sodium.to_base64(bytes, sodium.base64_variants.ORIGINAL);
}

/** Strict RFC 4648 standard base64 (padded, canonical), or null. */
export function fromBase64(text: string): Uint8Array | null {
  let bytes: Uint8Array;
  try {
    bytes = sodium.from_base64(text, sodium.base64_variants.ORIGINAL);
  } catch {
    return null;
  }
  return toBase64(bytes) === text ? bytes : null;
}

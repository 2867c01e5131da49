/**
 * Sealed boxes compatible with libsodium's crypto_box_seal / crypto_box_seal_open, built from
 * tweetnacl's box and @noble/hashes' BLAKE2b (tweetnacl has no sealed box of its own).
 *
 * Layout: ephemeral public key (32 bytes) || crypto_box(message, nonce, recipient_pk, ephemeral_sk),
 * where nonce = BLAKE2b-192(ephemeral_pk || recipient_pk). The sender keeps nothing, so only the
 * holder of the recipient's secret key can open it, and nobody can tell who sealed it.
 */
import { blake2b } from '@noble/hashes/blake2.js';
import nacl from 'tweetnacl';

export const PUBLIC_KEY_BYTES = nacl.box.publicKeyLength;
export const SECRET_KEY_BYTES = nacl.box.secretKeyLength;
/** Bytes a sealed box adds to its message (libsodium's crypto_box_SEALBYTES, 48). */
export const SEAL_OVERHEAD_BYTES = nacl.box.publicKeyLength + nacl.box.overheadLength;

function sealNonce(ephemeralPublicKey: Uint8Array, recipientPublicKey: Uint8Array): Uint8Array {
  const input = new Uint8Array(PUBLIC_KEY_BYTES * 2);
  input.set(ephemeralPublicKey, 0);
  input.set(recipientPublicKey, PUBLIC_KEY_BYTES);
  return blake2b(input, { dkLen: nacl.box.nonceLength });
}

function checkLength(what: string, key: Uint8Array, expected: number): void {
  if (key.length !== expected) throw new RangeError(`${what} must be ${expected} bytes, not ${key.length}`);
}

/** Encrypts `message` so that only the owner of `recipientPublicKey` can read it. */
export function sealBox(message: Uint8Array, recipientPublicKey: Uint8Array): Uint8Array {
  checkLength('The recipient public key', recipientPublicKey, PUBLIC_KEY_BYTES);
  const ephemeral = nacl.box.keyPair();
  try {
    const nonce = sealNonce(ephemeral.publicKey, recipientPublicKey);
    const boxed = nacl.box(message, nonce, recipientPublicKey, ephemeral.secretKey);
    const out = new Uint8Array(PUBLIC_KEY_BYTES + boxed.length);
    out.set(ephemeral.publicKey, 0);
    out.set(boxed, PUBLIC_KEY_BYTES);
    return out;
  } finally {
    // The ephemeral secret is what could open the box later; do not leave it in memory.
    ephemeral.secretKey.fill(0);
  }
}

/**
 * Opens a sealed box with the recipient's key pair. Returns null when it was not sealed to this
 * key, was changed in transit or is too short; callers turn that into their own error.
 */
export function openSealedBox(
  sealed: Uint8Array,
  recipientPublicKey: Uint8Array,
  recipientSecretKey: Uint8Array,
): Uint8Array | null {
  checkLength('The recipient public key', recipientPublicKey, PUBLIC_KEY_BYTES);
  checkLength('The recipient secret key', recipientSecretKey, SECRET_KEY_BYTES);
  if (sealed.length < SEAL_OVERHEAD_BYTES) return null;
  const ephemeralPublicKey = sealed.subarray(0, PUBLIC_KEY_BYTES);
  const nonce = sealNonce(ephemeralPublicKey, recipientPublicKey);
  return nacl.box.open(sealed.subarray(PUBLIC_KEY_BYTES), nonce, ephemeralPublicKey, recipientSecretKey);
}

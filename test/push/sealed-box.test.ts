/**
 * The client's sealed box (tweetnacl + @noble/hashes BLAKE2b) against libsodium itself, used here
 * only as an independent oracle: what one seals the other must open, byte layout included.
 */
import sodium from 'libsodium-wrappers';
import nacl from 'tweetnacl';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '../../main/push/base64';
import { openSealedBox, sealBox, SEAL_OVERHEAD_BYTES } from '../../main/push/sealedBox';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);
const read = (b: Uint8Array | null): string | null => (b === null ? null : new TextDecoder().decode(b));

beforeAll(async () => {
  await sodium.ready;
});

describe('sealed box', () => {
  it('round-trips with our own seal and open, adding exactly crypto_box_SEALBYTES', () => {
    const recipient = nacl.box.keyPair();
    const message = text('{"token":"abc","token_kind":"fcm","timestamp":1700000000}');
    const sealed = sealBox(message, recipient.publicKey);
    expect(SEAL_OVERHEAD_BYTES).toBe(sodium.crypto_box_SEALBYTES);
    expect(sealed.length).toBe(message.length + sodium.crypto_box_SEALBYTES);
    expect(read(openSealedBox(sealed, recipient.publicKey, recipient.secretKey))).toBe(read(message));
  });

  it('uses a fresh ephemeral key each time, so equal messages give different boxes', () => {
    const recipient = nacl.box.keyPair();
    const a = sealBox(text('same'), recipient.publicKey);
    const b = sealBox(text('same'), recipient.publicKey);
    expect(toBase64(a)).not.toBe(toBase64(b));
  });

  it('is opened by libsodium crypto_box_seal_open', () => {
    const recipient = sodium.crypto_box_keypair();
    for (const message of ['', 'x', 'ünïcødé ✓', 'a'.repeat(5000)]) {
      const sealed = sealBox(text(message), recipient.publicKey);
      expect(sodium.crypto_box_seal_open(sealed, recipient.publicKey, recipient.privateKey, 'text')).toBe(message);
    }
  });

  it('opens what libsodium crypto_box_seal made', () => {
    const recipient = nacl.box.keyPair();
    for (const message of ['', 'hello', '{"type":"test"}', 'z'.repeat(4096)]) {
      const sealed = sodium.crypto_box_seal(text(message), recipient.publicKey);
      expect(read(openSealedBox(sealed, recipient.publicKey, recipient.secretKey))).toBe(message);
    }
  });

  it('derives its nonce as libsodium does: BLAKE2b-192 of ephemeral_pk || recipient_pk', () => {
    const recipient = nacl.box.keyPair();
    const message = text('nonce check');
    const sealed = sealBox(message, recipient.publicKey);
    const ephemeral = sealed.subarray(0, 32);
    const nonce = sodium.crypto_generichash(24, new Uint8Array([...ephemeral, ...recipient.publicKey]), null);
    // Opening the inner box with libsodium's own nonce and crypto_box_open_easy proves the layout.
    const inner = sodium.crypto_box_open_easy(sealed.subarray(32), nonce, ephemeral, recipient.secretKey);
    expect(read(inner)).toBe('nonce check');
  });

  it('refuses boxes for another key, altered boxes and truncated input', () => {
    const recipient = nacl.box.keyPair();
    const other = nacl.box.keyPair();
    const sealed = sealBox(text('secret'), recipient.publicKey);
    expect(openSealedBox(sealed, other.publicKey, other.secretKey)).toBeNull();
    const flipped = sealed.slice();
    flipped[40] = (flipped[40] ?? 0) ^ 1;
    expect(openSealedBox(flipped, recipient.publicKey, recipient.secretKey)).toBeNull();
    expect(openSealedBox(sealed.subarray(0, 47), recipient.publicKey, recipient.secretKey)).toBeNull();
    expect(openSealedBox(new Uint8Array(0), recipient.publicKey, recipient.secretKey)).toBeNull();
  });

  it('rejects keys of the wrong length with a message naming the key', () => {
    expect(() => sealBox(text('x'), new Uint8Array(31))).toThrow(/recipient public key must be 32 bytes, not 31/);
    const pair = nacl.box.keyPair();
    expect(() => openSealedBox(new Uint8Array(60), pair.publicKey, new Uint8Array(16))).toThrow(
      /secret key must be 32 bytes/,
    );
  });
});

describe('base64', () => {
  it('accepts canonical standard base64 and agrees with libsodium', () => {
    const bytes = nacl.randomBytes(33);
    const encoded = toBase64(bytes);
    expect(encoded).toBe(sodium.to_base64(bytes, sodium.base64_variants.ORIGINAL));
    expect(Array.from(fromBase64(encoded) ?? [])).toEqual(Array.from(bytes));
    expect(fromBase64('')?.length).toBe(0);
  });

  it('refuses the URL alphabet, missing padding, whitespace and non-canonical padding bits', () => {
    expect(fromBase64('ab-_')).toBeNull();
    expect(fromBase64('YWI')).toBeNull();
    expect(fromBase64('YW I=')).toBeNull();
    expect(fromBase64('YWJ=')).toBeNull(); // decodes like "YWI=" but is not what an encoder writes
    expect(fromBase64('YWI=')).not.toBeNull();
  });
});

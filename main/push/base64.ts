/**
 * RFC 4648 standard base64 (with padding), the encoding the push API names for every key and
 * ciphertext. Decoding is strict on purpose: Node's Buffer silently skips stray characters, and a
 * key that decodes "mostly" would fail much later as an undecryptable notification.
 */

const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** The bytes of `text`, or null when it is not canonical standard base64 (no URL alphabet, no whitespace). */
export function fromBase64(text: string): Uint8Array | null {
  if (!STANDARD_BASE64.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  // Non-zero padding bits decode to the same bytes as another string; only the canonical form is accepted.
  if (bytes.toString('base64') !== text) return null;
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

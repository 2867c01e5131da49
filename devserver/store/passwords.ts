import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing for seeded accounts. scrypt with a modest cost: this is a loopback dev server
 * that seeds a dozen accounts per start, so the cost is kept low enough for a fast start while the
 * stored value is still a salted hash rather than the password itself.
 */
const COST = 4096;
const KEY_BYTES = 32;

export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const key = scryptSync(password, salt, KEY_BYTES, { N: COST });
  return `scrypt$${COST}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, cost, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || cost === undefined || salt === undefined || expected === undefined) return false;
  const want = Buffer.from(expected, 'base64');
  const got = scryptSync(password, Buffer.from(salt, 'base64'), want.length, { N: Number(cost) });
  return timingSafeEqual(got, want);
}

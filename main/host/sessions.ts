/**
 * How a page earns the bridge. The host prints a URL whose fragment carries a one-time launch
 * token; the page trades it (POST /session, same origin only) for a session secret, answered in
 * the response body, that the page keeps in its own sessionStorage (scoped to this exact origin,
 * port included) and sends as the first frame of every socket (common/ipc/wire.ts HelloFrame).
 *
 * Not a cookie: cookies ignore the port, so a cookie for 127.0.0.1:A reached any other listener on
 * 127.0.0.1 the browser visited (a link in a message, say), which could replay it with a forged
 * Origin from a non-browser client. The secret is never in a cookie, a header or a URL.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_PATH = '/session';
export const TOKEN_HEADER = 'x-parley-token';

/** Compares secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class BridgeSessions {
  /** The launch token, until it is traded; then null. */
  #launchToken: string | null = randomBytes(32).toString('base64url');
  readonly launchToken: string = this.#launchToken!;
  readonly #sessions = new Set<string>();

  /** Trades the launch token (once) for a new session secret; null when refused. */
  exchange(token: string): string | null {
    if (this.#launchToken === null || !sameSecret(token, this.#launchToken)) return null;
    this.#launchToken = null;
    const secret = randomBytes(32).toString('base64url');
    this.#sessions.add(secret);
    return secret;
  }

  /** Whether a hello frame's secret names a live session. */
  admits(secret: string): boolean {
    for (const id of this.#sessions) if (sameSecret(secret, id)) return true;
    return false;
  }
}

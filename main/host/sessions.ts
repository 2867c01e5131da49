/**
 * How a page earns the bridge: the host prints a URL whose fragment carries a one-time launch
 * token; the page trades it (POST /session, same origin only) for a session cookie the page's
 * script cannot read (HttpOnly, SameSite=Strict), then drops the fragment from its address. The
 * token left in browser history is spent, and the socket accepts only the cookie.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_PATH = '/session';
export const TOKEN_HEADER = 'x-parley-token';
const COOKIE = 'parley_session';

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

  /** Trades the launch token (once) for a session; answers the Set-Cookie header value, or null. */
  exchange(token: string): string | null {
    if (this.#launchToken === null || !sameSecret(token, this.#launchToken)) return null;
    this.#launchToken = null;
    const id = randomBytes(32).toString('base64url');
    this.#sessions.add(id);
    return `${COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/`;
  }

  /** Whether a request's Cookie header names a live session. */
  admits(cookieHeader: string | undefined): boolean {
    if (!cookieHeader) return false;
    for (const part of cookieHeader.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name !== COOKIE) continue;
      const value = rest.join('=');
      for (const id of this.#sessions) if (sameSecret(value, id)) return true;
    }
    return false;
  }
}

/**
 * Browser sign-ins in progress. account:ssoStart makes an attempt (a fresh one-time pad) and
 * hands back the address to open in the system browser; the zulip://login redirect the OS
 * gives the app later is matched to its attempt by organization. Only the pad lives here, in
 * memory: a restart forgets it, and the user simply starts again.
 */
import type { ServerInfo } from '../../common/model';
import { AuthInputError, SsoLogin, parseSsoRedirect, type SsoCredentials } from '../auth';
import { IpcFailure } from '../failure';

/** A browser sign-in that takes longer than this is abandoned (its pad forgotten). */
export const SSO_ATTEMPT_TTL_MS = 15 * 60_000;

interface Attempt {
  login: SsoLogin;
  startedAt: number;
}

function realmKey(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, '')}`;
}

export class SsoAttempts {
  readonly #byRealm = new Map<string, Attempt>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  /**
   * Starts (or restarts) the browser sign-in for the probed server. `method` names one of its
   * external_authentication_methods; without it the realm's own login page is used.
   */
  start(info: ServerInfo, method?: string | undefined): { loginUrl: string } {
    let external: string | undefined;
    if (method !== undefined) {
      const found = info.externalAuthMethods.find((m) => m.name === method);
      if (!found) {
        throw new IpcFailure('INVALID_ARGUMENT', `${info.realmName} does not offer the sign-in method "${method}".`);
      }
      external = found.loginUrl;
    }
    const key = realmKey(info.realmUrl);
    // A new attempt replaces an older one for the same organization: only its pad will decrypt.
    this.#byRealm.get(key)?.login.cancel();
    const login = new SsoLogin({ realmUrl: info.realmUrl });
    this.#byRealm.set(key, { login, startedAt: this.#now() });
    return { loginUrl: login.loginUrl(external) };
  }

  /**
   * Decrypts the key of a zulip://login redirect with its attempt's pad. The attempt stays open
   * when the redirect is refused, so the genuine one can still arrive; it is closed by finish().
   */
  complete(redirectUrl: string): SsoCredentials {
    const { realm } = parseSsoRedirect(redirectUrl);
    const key = realmKey(realm);
    const attempt = this.#byRealm.get(key);
    if (!attempt || !attempt.login.pending || this.#now() - attempt.startedAt > SSO_ATTEMPT_TTL_MS) {
      this.#byRealm.delete(key);
      throw new AuthInputError(
        'SSO_NOT_PENDING',
        `No browser sign-in to ${new URL(realm).host} is waiting for this link. Start the sign-in again.`,
      );
    }
    return attempt.login.complete(redirectUrl);
  }

  /** Forgets the attempt of this organization (after it succeeded, or when the user gives up). */
  finish(realmUrl: string): void {
    const key = realmKey(realmUrl);
    this.#byRealm.get(key)?.login.cancel();
    this.#byRealm.delete(key);
  }
}

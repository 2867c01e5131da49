/**
 * The one error type of main/auth. Every failure here comes from input (a pasted key, a file,
 * a redirect URL), so each carries a code the renderer can branch on and a sentence the user
 * can act on. Messages name the faulty field but never repeat its value: the value may be
 * (part of) an API key, and error messages end up in logs.
 */

export type AuthInputErrorCode =
  /** A pasted API key that is not 32 letters and digits. */
  | 'INVALID_API_KEY'
  /** A zuliprc file that cannot be read, is not INI, or lacks [api] email, key or site. */
  | 'INVALID_ZULIPRC'
  /** A login URL that cannot be built (bad realm URL or external login_url). */
  | 'INVALID_LOGIN_URL'
  /** A zulip:// redirect that is malformed, or whose key does not decrypt with our pad. */
  | 'INVALID_SSO_REDIRECT'
  /** A well-formed redirect, but for another organization than the one signing in. */
  | 'SSO_WRONG_REALM'
  /** The sign-in attempt already finished or was cancelled; its pad is gone. */
  | 'SSO_NOT_PENDING';

export class AuthInputError extends Error {
  override readonly name = 'AuthInputError';
  readonly code: AuthInputErrorCode;

  constructor(code: AuthInputErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

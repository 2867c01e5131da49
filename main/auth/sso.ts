/**
 * Browser sign-in from start to finish: SsoLogin holds the one-time pad of one attempt, builds
 * the URL to open, and turns the zulip://login redirect the OS hands back into credentials,
 * once. The redirect format is the server's create_response_for_otp_flow:
 *   zulip://login?realm=<url>&email=<email>&user_id=<id>&otp_encrypted_api_key=<hex>
 */
import { AuthInputError } from './errors';
import { buildOtpLoginUrl, decryptOtpApiKey, makeOneTimePad, type OtpParamName } from './otp';

export interface SsoRedirect {
  /** The organization URL as the server wrote it. */
  realm: string;
  email: string;
  /** Null when the server is old enough not to send user_id; ask GET /users/me then. */
  userId: number | null;
  /** Still XOR-ed with the pad. */
  encryptedApiKey: string;
}

export interface SsoCredentials {
  realmUrl: string;
  email: string;
  userId: number | null;
  apiKey: string;
}

function bad(message: string): AuthInputError {
  return new AuthInputError('INVALID_SSO_REDIRECT', message);
}

/** The one value of a required query parameter; a repeated one is refused as ambiguous. */
function single(params: URLSearchParams, name: string, required: boolean): string | null {
  const values = params.getAll(name);
  if (values.length > 1) throw bad(`The sign-in link has "${name}" more than once.`);
  const value = values[0]?.trim() ?? '';
  if (value === '') {
    if (required) throw bad(`The sign-in link has no "${name}".`);
    return null;
  }
  return value;
}

/**
 * Checks a zulip:// redirect URL strictly and returns its parts, without decrypting. Error
 * messages name the faulty part but never include the URL, which carries the encrypted key.
 */
export function parseSsoRedirect(raw: string): SsoRedirect {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw bad('The sign-in link is not a valid URL.');
  }
  if (url.protocol !== 'zulip:') throw bad(`The sign-in link must start with zulip://, not ${url.protocol}//.`);
  if (url.host !== 'login' || (url.pathname !== '' && url.pathname !== '/')) {
    throw bad('The link is a zulip:// link, but not a sign-in (zulip://login) link.');
  }
  const params = url.searchParams;
  const realm = single(params, 'realm', true) ?? '';
  const email = single(params, 'email', true) ?? '';
  const encryptedApiKey = single(params, 'otp_encrypted_api_key', true) ?? '';
  const userIdText = single(params, 'user_id', false);
  if (!/^https?:\/\//i.test(realm) || !URL.canParse(realm))
    throw bad('The sign-in link\'s "realm" is not a web address.');
  if (/\s/.test(email)) throw bad('The sign-in link\'s "email" contains spaces.');
  let userId: number | null = null;
  if (userIdText !== null) {
    userId = /^\d{1,15}$/.test(userIdText) ? Number(userIdText) : 0;
    if (userId <= 0) throw bad('The sign-in link\'s "user_id" is not a positive whole number.');
  }
  return { realm, email, userId, encryptedApiKey };
}

/** Scheme, host and path compared, ignoring letter case of the host and trailing slashes. */
function sameRealm(a: string, b: string): boolean {
  const canonical = (s: string): string => {
    const u = new URL(s);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  };
  return canonical(a) === canonical(b);
}

/** One browser sign-in attempt for one organization. Make a new one for each attempt. */
export class SsoLogin {
  readonly realmUrl: string;
  readonly param: OtpParamName;
  #otp: string | null;

  constructor(args: { realmUrl: string; param?: OtpParamName; otp?: string }) {
    this.realmUrl = args.realmUrl;
    this.param = args.param ?? 'mobile_flow_otp';
    this.#otp = args.otp ?? makeOneTimePad();
    // Fails now, not when the browser is about to open, if the realm or a given pad is bad.
    buildOtpLoginUrl({ realmUrl: this.realmUrl, otp: this.#otp });
  }

  /** False once complete() succeeded or cancel() was called. */
  get pending(): boolean {
    return this.#otp !== null;
  }

  /** The address to open in the system browser: the realm's login page, or an external method's login_url. */
  loginUrl(externalLoginUrl?: string): string {
    const otp = this.#requirePad();
    return buildOtpLoginUrl({
      realmUrl: this.realmUrl,
      otp,
      param: this.param,
      ...(externalLoginUrl === undefined ? {} : { loginUrl: externalLoginUrl }),
    });
  }

  /**
   * Decrypts the key in the redirect and forgets the pad, so a second redirect (replayed or
   * from another tab) is refused. A redirect that fails the checks leaves the attempt pending,
   * so the genuine one can still arrive after a stray or stale link.
   */
  complete(redirectUrl: string): SsoCredentials {
    const otp = this.#requirePad();
    const redirect = parseSsoRedirect(redirectUrl);
    if (!sameRealm(redirect.realm, this.realmUrl)) {
      throw new AuthInputError(
        'SSO_WRONG_REALM',
        `The sign-in link is for ${new URL(redirect.realm).host}, but you are signing in to ${new URL(this.realmUrl).host}.`,
      );
    }
    const apiKey = decryptOtpApiKey(redirect.encryptedApiKey, otp);
    this.#otp = null;
    return { realmUrl: this.realmUrl, email: redirect.email, userId: redirect.userId, apiKey };
  }

  /** Abandons the attempt (the user closed the dialog); later redirects are refused. */
  cancel(): void {
    this.#otp = null;
  }

  #requirePad(): string {
    if (this.#otp === null) {
      throw new AuthInputError('SSO_NOT_PENDING', 'This sign-in attempt has already finished. Start a new one.');
    }
    return this.#otp;
  }
}

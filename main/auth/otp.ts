/**
 * The one-time pad of Zulip's browser sign-in (SSO). The client makes a pad, opens the
 * organization's login page with it in the browser, and the server answers with a
 * zulip://login redirect whose API key is XOR-ed with the pad, so the key never travels in
 * clear through the browser's history or the OS's URL handler.
 *
 * Which parameter name: Zulip knows two. `mobile_flow_otp` ends in the zulip://login redirect
 * carrying the XOR-ed API key (zerver/views/auth.py, finish_mobile_flow). `desktop_flow_otp`,
 * used by Zulip's own desktop app, instead returns an AES-GCM-encrypted one-time token for a
 * browser session, shown on a page for the webview app to pick up: it never yields an API key.
 * Parley is an API client, so it sends `mobile_flow_otp` by default; `desktop_flow_otp` can be
 * asked for, and our dev server answers both names with the same zulip:// redirect.
 */
import { randomBytes } from 'node:crypto';
import { API_KEY_LENGTH, isApiKey } from './apiKey';
import { AuthInputError } from './errors';

/** 32 random bytes as hex: one hex digit of pad per hex digit of the hex-encoded 32-char key. */
export const OTP_HEX_LENGTH = API_KEY_LENGTH * 2;

export type OtpParamName = 'mobile_flow_otp' | 'desktop_flow_otp';
export const DEFAULT_OTP_PARAM: OtpParamName = 'mobile_flow_otp';

const HEX = /^[0-9a-fA-F]*$/;

/** A fresh pad: 64 lowercase hex digits from the OS's secure random source. */
export function makeOneTimePad(): string {
  return randomBytes(OTP_HEX_LENGTH / 2).toString('hex');
}

/** True for 64 hex digits, the only pad a Zulip server accepts. */
export function isOneTimePad(text: string): boolean {
  return text.length === OTP_HEX_LENGTH && HEX.test(text);
}

function httpUrl(raw: string, base: string | undefined, what: string): URL {
  let url: URL;
  try {
    url = base === undefined ? new URL(raw) : new URL(raw, `${base.replace(/\/+$/, '')}/`);
  } catch {
    throw new AuthInputError('INVALID_LOGIN_URL', `The ${what} is not a valid web address.`);
  }
  // The URL is handed to the system browser; any other scheme (file:, javascript:, a custom
  // app scheme) could make that hand-off run something other than a web page.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AuthInputError('INVALID_LOGIN_URL', `The ${what} must be an http or https address.`);
  }
  return url;
}

/**
 * The address to open in the browser. Without `loginUrl` it is the organization's own login
 * page, `{realmUrl}/accounts/login/`; with it, an external method's login_url from
 * GET /server_settings (absolute, or relative to the realm). Either gets `?<param>=<otp>`
 * added to whatever query it already has.
 */
export function buildOtpLoginUrl(args: {
  realmUrl: string;
  otp: string;
  loginUrl?: string;
  param?: OtpParamName;
}): string {
  if (!isOneTimePad(args.otp)) throw new Error(`A one-time pad is ${OTP_HEX_LENGTH} hex digits.`);
  const realm = httpUrl(args.realmUrl, undefined, 'organization URL');
  const url = httpUrl(args.loginUrl ?? 'accounts/login/', realm.toString(), "sign-in method's login address");
  url.searchParams.set(args.param ?? DEFAULT_OTP_PARAM, args.otp);
  return url.toString();
}

/**
 * Undoes the server's otp_encrypt_api_key: XOR each hex digit of the encrypted key with the
 * pad's digit at the same place, read the result as hex bytes, and those bytes as ASCII.
 * Throws INVALID_SSO_REDIRECT when the input is not hex of the pad's length, or when the
 * result is not an API key (the redirect belongs to another pad, e.g. an older attempt).
 */
export function decryptOtpApiKey(encryptedHex: string, otp: string): string {
  if (!isOneTimePad(otp)) throw new Error(`A one-time pad is ${OTP_HEX_LENGTH} hex digits.`);
  if (!HEX.test(encryptedHex)) {
    throw new AuthInputError('INVALID_SSO_REDIRECT', "The sign-in link's encrypted key is not hexadecimal.");
  }
  if (encryptedHex.length !== otp.length) {
    throw new AuthInputError(
      'INVALID_SSO_REDIRECT',
      `The sign-in link's encrypted key has ${encryptedHex.length} hex digits; ${otp.length} were expected.`,
    );
  }
  let hex = '';
  for (let i = 0; i < otp.length; i++) {
    hex += (parseInt(encryptedHex.charAt(i), 16) ^ parseInt(otp.charAt(i), 16)).toString(16);
  }
  const key = Buffer.from(hex, 'hex').toString('latin1');
  if (!isApiKey(key)) {
    throw new AuthInputError(
      'INVALID_SSO_REDIRECT',
      'The sign-in link does not belong to this sign-in attempt (its key does not decrypt). Start the sign-in again.',
    );
  }
  return key;
}

/**
 * The server's half of browser sign-in, for tests: Zulip's otp_encrypt_api_key (hex of the
 * ASCII key, XOR-ed hex digit by hex digit with the pad, lowercase) and its zulip://login
 * redirect. Written from the protocol, independently of main/auth, so a mistake in one does
 * not hide in the other.
 */

export const API_KEY = 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY';
export const PAD = '0123456789abcdef'.repeat(4);

export function serverEncryptApiKey(apiKey: string, otp: string): string {
  const keyHex = Array.from(apiKey, (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  if (keyHex.length !== otp.length) throw new Error('test setup: key and pad lengths differ');
  return Array.from(keyHex, (digit, i) => (parseInt(digit, 16) ^ parseInt(otp[i] ?? '', 16)).toString(16)).join('');
}

/** The Location header of the server's 302 after a successful browser login. */
export function serverRedirect(args: {
  realm: string;
  email: string;
  userId?: number;
  apiKey: string;
  otp: string;
}): string {
  const params = new URLSearchParams({
    otp_encrypted_api_key: serverEncryptApiKey(args.apiKey, args.otp),
    email: args.email,
    ...(args.userId === undefined ? {} : { user_id: String(args.userId) }),
    realm: args.realm,
  });
  return `zulip://login?${params.toString()}`;
}

/** Reads the pad back out of the login URL, as the server's login view receives it. */
export function padFromLoginUrl(loginUrl: string, param = 'mobile_flow_otp'): string {
  const otp = new URL(loginUrl).searchParams.get(param);
  if (otp === null) throw new Error(`no ${param} in ${loginUrl}`);
  return otp;
}

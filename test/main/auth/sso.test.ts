/**
 * Browser sign-in end to end, with the server's side played by zulip-server-otp.ts: the pad
 * travels out in the login URL, the key comes back XOR-ed in the zulip://login redirect.
 */
import { describe, expect, it } from 'vitest';
import { makeOneTimePad, parseSsoRedirect, SsoLogin } from '../../../main/auth';
import { authError } from './auth-error';
import { API_KEY, PAD, padFromLoginUrl, serverEncryptApiKey, serverRedirect } from './zulip-server-otp';

const REALM = 'https://chat.example.com';
const EMAIL = 'iago@example.com';

describe('SsoLogin', () => {
  it('completes with the key the server encrypted with the pad it was sent', () => {
    const attempt = new SsoLogin({ realmUrl: REALM });
    const loginUrl = attempt.loginUrl();
    expect(loginUrl.startsWith(`${REALM}/accounts/login/?mobile_flow_otp=`)).toBe(true);
    const otp = padFromLoginUrl(loginUrl);
    expect(otp).toMatch(/^[0-9a-f]{64}$/);

    const redirect = serverRedirect({ realm: REALM, email: EMAIL, userId: 11, apiKey: API_KEY, otp });
    expect(attempt.complete(redirect)).toEqual({ realmUrl: REALM, email: EMAIL, userId: 11, apiKey: API_KEY });
    expect(attempt.pending).toBe(false);
  });

  it('makes a new pad for every attempt', () => {
    const a = padFromLoginUrl(new SsoLogin({ realmUrl: REALM }).loginUrl());
    const b = padFromLoginUrl(new SsoLogin({ realmUrl: REALM }).loginUrl());
    expect(a).not.toBe(b);
  });

  it('uses the same pad for the realm page and external methods, under the chosen name', () => {
    const attempt = new SsoLogin({ realmUrl: REALM, param: 'desktop_flow_otp' });
    const viaRealm = padFromLoginUrl(attempt.loginUrl(), 'desktop_flow_otp');
    const viaGoogle = padFromLoginUrl(attempt.loginUrl('/accounts/login/social/google'), 'desktop_flow_otp');
    expect(viaGoogle).toBe(viaRealm);
    const redirect = serverRedirect({ realm: REALM, email: EMAIL, apiKey: API_KEY, otp: viaRealm });
    expect(attempt.complete(redirect).apiKey).toBe(API_KEY);
  });

  it('refuses to complete twice, forgetting the pad after the first success', () => {
    const attempt = new SsoLogin({ realmUrl: REALM, otp: PAD });
    const redirect = serverRedirect({ realm: REALM, email: EMAIL, userId: 11, apiKey: API_KEY, otp: PAD });
    attempt.complete(redirect);
    const again = authError(() => attempt.complete(redirect));
    expect(again.code).toBe('SSO_NOT_PENDING');
    expect(authError(() => attempt.loginUrl()).code).toBe('SSO_NOT_PENDING');
  });

  it('refuses a redirect for another organization and stays pending for the right one', () => {
    const attempt = new SsoLogin({ realmUrl: REALM, otp: PAD });
    const other = serverRedirect({ realm: 'https://evil.example.org', email: EMAIL, apiKey: API_KEY, otp: PAD });
    const e = authError(() => attempt.complete(other));
    expect(e.code).toBe('SSO_WRONG_REALM');
    expect(e.message).toBe('The sign-in link is for evil.example.org, but you are signing in to chat.example.com.');
    expect(attempt.pending).toBe(true);
    const right = serverRedirect({ realm: REALM, email: EMAIL, apiKey: API_KEY, otp: PAD });
    expect(attempt.complete(right).apiKey).toBe(API_KEY);
  });

  it('treats a different port or scheme as another organization', () => {
    const attempt = new SsoLogin({ realmUrl: 'http://127.0.0.1:9991', otp: PAD });
    for (const realm of ['http://127.0.0.1:9992', 'https://127.0.0.1:9991']) {
      const redirect = serverRedirect({ realm, email: EMAIL, apiKey: API_KEY, otp: PAD });
      expect(authError(() => attempt.complete(redirect)).code).toBe('SSO_WRONG_REALM');
    }
  });

  it('accepts the realm written with a trailing slash or upper-case host', () => {
    const attempt = new SsoLogin({ realmUrl: REALM, otp: PAD });
    const redirect = serverRedirect({ realm: 'https://Chat.Example.com/', email: EMAIL, apiKey: API_KEY, otp: PAD });
    expect(attempt.complete(redirect).realmUrl).toBe(REALM);
  });

  it('refuses a stale redirect made with an older pad, and then completes with the current one', () => {
    const attempt = new SsoLogin({ realmUrl: REALM, otp: PAD });
    const stale = serverRedirect({ realm: REALM, email: EMAIL, apiKey: API_KEY, otp: makeOneTimePad() });
    expect(authError(() => attempt.complete(stale)).code).toBe('INVALID_SSO_REDIRECT');
    const current = serverRedirect({ realm: REALM, email: EMAIL, apiKey: API_KEY, otp: PAD });
    expect(attempt.complete(current).apiKey).toBe(API_KEY);
  });

  it('refuses everything after cancel()', () => {
    const attempt = new SsoLogin({ realmUrl: REALM, otp: PAD });
    attempt.cancel();
    const redirect = serverRedirect({ realm: REALM, email: EMAIL, apiKey: API_KEY, otp: PAD });
    expect(authError(() => attempt.complete(redirect)).code).toBe('SSO_NOT_PENDING');
  });

  it('fails at construction for a bad realm URL or pad', () => {
    expect(authError(() => new SsoLogin({ realmUrl: 'not a url' })).code).toBe('INVALID_LOGIN_URL');
    expect(() => new SsoLogin({ realmUrl: REALM, otp: 'abc' })).toThrow('64 hex digits');
  });
});

describe('parseSsoRedirect', () => {
  const key = serverEncryptApiKey(API_KEY, PAD);
  const good = `zulip://login?realm=${encodeURIComponent(REALM)}&email=${encodeURIComponent(EMAIL)}&user_id=11&otp_encrypted_api_key=${key}`;

  it('reads every part of a good redirect, user_id included or not', () => {
    expect(parseSsoRedirect(good)).toEqual({ realm: REALM, email: EMAIL, userId: 11, encryptedApiKey: key });
    expect(parseSsoRedirect(good.replace('&user_id=11', '')).userId).toBeNull();
  });

  it.each([
    ['not a URL', 'zulip login', 'not a valid URL'],
    ['the wrong scheme', good.replace('zulip://', 'https://'), 'must start with zulip://, not https://'],
    ['another zulip:// link', good.replace('zulip://login', 'zulip://message'), 'not a sign-in (zulip://login) link'],
    ['a path after login', good.replace('zulip://login?', 'zulip://login/extra?'), 'not a sign-in'],
    ['no realm', good.replace(/realm=[^&]*&/, ''), 'has no "realm"'],
    ['no email', good.replace(/email=[^&]*&/, ''), 'has no "email"'],
    ['an empty email', good.replace(/email=[^&]*&/, 'email=&'), 'has no "email"'],
    ['no key', good.replace(/&otp_encrypted_api_key=.*$/, ''), 'has no "otp_encrypted_api_key"'],
    ['a repeated key', `${good}&otp_encrypted_api_key=${key}`, '"otp_encrypted_api_key" more than once'],
    ['a realm that is not http(s)', good.replace(/realm=[^&]*/, 'realm=ftp%3A%2F%2Fx'), '"realm" is not a web address'],
    ['a non-numeric user_id', good.replace('user_id=11', 'user_id=eleven'), '"user_id" is not a positive'],
    ['a zero user_id', good.replace('user_id=11', 'user_id=0'), '"user_id" is not a positive'],
    ['an email with spaces', good.replace(/email=[^&]*/, 'email=a%20b%40c'), '"email" contains spaces'],
  ])('refuses %s', (_what, url, words) => {
    const e = authError(() => parseSsoRedirect(url));
    expect(e.code).toBe('INVALID_SSO_REDIRECT');
    expect(e.message).toContain(words);
    expect(e.message).not.toContain(key);
  });

  it('reports a non-hex or short key when completing', () => {
    const attempt = new SsoLogin({ realmUrl: REALM, otp: PAD });
    const nonHex = authError(() => attempt.complete(good.replace(key, `${key.slice(0, 63)}x`)));
    expect(nonHex.message).toContain('not hexadecimal');
    const short = authError(() => attempt.complete(good.replace(key, key.slice(0, 40))));
    expect(short.message).toContain('40 hex digits; 64 were expected');
    expect(attempt.pending).toBe(true);
  });
});

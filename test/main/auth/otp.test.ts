/**
 * The one-time pad of browser sign-in: pad shape, login URLs, and decryption of keys encrypted
 * the way a Zulip server does it (zulip-server-otp.ts).
 */
import { describe, expect, it } from 'vitest';
import { buildOtpLoginUrl, decryptOtpApiKey, isOneTimePad, makeOneTimePad, OTP_HEX_LENGTH } from '../../../main/auth';
import { authError } from './auth-error';
import { API_KEY, PAD, serverEncryptApiKey } from './zulip-server-otp';

describe('makeOneTimePad', () => {
  it('makes 64 lowercase hex digits, different every time', () => {
    const pads = new Set(Array.from({ length: 20 }, () => makeOneTimePad()));
    expect(pads.size).toBe(20);
    for (const pad of pads) {
      expect(pad).toMatch(/^[0-9a-f]{64}$/);
      expect(isOneTimePad(pad)).toBe(true);
    }
    expect(OTP_HEX_LENGTH).toBe(64);
  });

  it('tells pads from other strings', () => {
    expect(isOneTimePad(PAD.slice(1))).toBe(false);
    expect(isOneTimePad(`${PAD.slice(1)}g`)).toBe(false);
    expect(isOneTimePad(PAD.toUpperCase())).toBe(true);
  });
});

describe('buildOtpLoginUrl', () => {
  it("opens the organization's login page with mobile_flow_otp by default", () => {
    const url = new URL(buildOtpLoginUrl({ realmUrl: 'https://chat.example.com/', otp: PAD }));
    expect(`${url.origin}${url.pathname}`).toBe('https://chat.example.com/accounts/login/');
    expect([...url.searchParams]).toEqual([['mobile_flow_otp', PAD]]);
  });

  it('sends desktop_flow_otp when asked for that name', () => {
    const url = new URL(buildOtpLoginUrl({ realmUrl: 'http://127.0.0.1:9991', otp: PAD, param: 'desktop_flow_otp' }));
    expect([...url.searchParams]).toEqual([['desktop_flow_otp', PAD]]);
  });

  it("adds the pad to an external method's login_url, relative or absolute, keeping its query", () => {
    const relative = new URL(
      buildOtpLoginUrl({
        realmUrl: 'https://chat.example.com',
        otp: PAD,
        loginUrl: '/accounts/login/social/saml/idp?x=1',
      }),
    );
    expect(relative.pathname).toBe('/accounts/login/social/saml/idp');
    expect(relative.searchParams.get('x')).toBe('1');
    expect(relative.searchParams.get('mobile_flow_otp')).toBe(PAD);
    const absolute = new URL(
      buildOtpLoginUrl({ realmUrl: 'https://chat.example.com', otp: PAD, loginUrl: 'https://sso.example.com/start' }),
    );
    expect(absolute.host).toBe('sso.example.com');
    expect(absolute.searchParams.get('mobile_flow_otp')).toBe(PAD);
  });

  it.each([
    ['javascript:alert(1)', 'http or https'],
    ['file:///etc/passwd', 'http or https'],
    ['zulip://login', 'http or https'],
  ])('refuses a login_url of %s, which the browser hand-off must never open', (loginUrl, words) => {
    const e = authError(() => buildOtpLoginUrl({ realmUrl: 'https://chat.example.com', otp: PAD, loginUrl }));
    expect(e.code).toBe('INVALID_LOGIN_URL');
    expect(e.message).toContain(words);
  });

  it('refuses a realm URL that is not a web address', () => {
    expect(authError(() => buildOtpLoginUrl({ realmUrl: 'chat example', otp: PAD })).code).toBe('INVALID_LOGIN_URL');
    expect(authError(() => buildOtpLoginUrl({ realmUrl: 'ftp://chat.example.com', otp: PAD })).code).toBe(
      'INVALID_LOGIN_URL',
    );
  });
});

describe('decryptOtpApiKey', () => {
  it('recovers a key the server encrypted with the same pad', () => {
    expect(decryptOtpApiKey(serverEncryptApiKey(API_KEY, PAD), PAD)).toBe(API_KEY);
    const pad = makeOneTimePad();
    expect(decryptOtpApiKey(serverEncryptApiKey(API_KEY, pad), pad)).toBe(API_KEY);
  });

  it('accepts upper-case hex in the redirect', () => {
    expect(decryptOtpApiKey(serverEncryptApiKey(API_KEY, PAD).toUpperCase(), PAD)).toBe(API_KEY);
  });

  it('refuses non-hex and length mismatches with a clear error', () => {
    const encrypted = serverEncryptApiKey(API_KEY, PAD);
    const nonHex = authError(() => decryptOtpApiKey(`${encrypted.slice(0, 63)}z`, PAD));
    expect(nonHex.code).toBe('INVALID_SSO_REDIRECT');
    expect(nonHex.message).toContain('not hexadecimal');
    const short = authError(() => decryptOtpApiKey(encrypted.slice(0, 62), PAD));
    expect(short.message).toContain('62 hex digits; 64 were expected');
  });

  it('refuses a key encrypted with another pad, without revealing either', () => {
    const encrypted = serverEncryptApiKey(API_KEY, makeOneTimePad());
    const e = authError(() => decryptOtpApiKey(encrypted, PAD));
    expect(e.code).toBe('INVALID_SSO_REDIRECT');
    expect(e.message).toContain('does not belong to this sign-in attempt');
    expect(e.message).not.toContain(encrypted);
    expect(e.message).not.toContain(PAD);
  });
});

/** Checking a pasted API key before it is sent anywhere. */
import { describe, expect, it } from 'vitest';
import { isApiKey, parseApiKey } from '../../../main/auth';
import { authError } from './auth-error';
import { API_KEY } from './zulip-server-otp';

describe('parseApiKey', () => {
  it('accepts 32 letters and digits, trimming what copying adds around them', () => {
    expect(parseApiKey(API_KEY)).toBe(API_KEY);
    expect(parseApiKey(`  ${API_KEY}\r\n`)).toBe(API_KEY);
    expect(parseApiKey('\t0123456789ABCDEFGHIJKLMNOPQRSTUV\n')).toBe('0123456789ABCDEFGHIJKLMNOPQRSTUV');
  });

  it.each([
    ['empty', '   \n', 'is empty'],
    ['too short', API_KEY.slice(0, 31), 'has 31 characters; a Zulip API key has exactly 32'],
    ['too long', `${API_KEY}x`, 'has 33 characters'],
    ['split by a space', `${API_KEY.slice(0, 16)} ${API_KEY.slice(16)}`, 'contains a space or line break'],
    ['split by a line break', `${API_KEY.slice(0, 16)}\n${API_KEY.slice(16)}`, 'contains a space or line break'],
    ['with punctuation', `${API_KEY.slice(0, 31)}-`, 'contains a punctuation mark or symbol'],
    ['with a non-ASCII letter', `${API_KEY.slice(0, 31)}é`, 'contains a non-ASCII character'],
    ['a whole zuliprc', `[api]\nkey=${API_KEY}`, 'looks like a whole zuliprc file'],
  ])('refuses a key that is %s, saying why without repeating it', (_what, raw, words) => {
    const e = authError(() => parseApiKey(raw));
    expect(e.code).toBe('INVALID_API_KEY');
    expect(e.message).toContain(words);
    expect(e.message).not.toContain(API_KEY.slice(0, 16));
  });

  it('names the source in the message', () => {
    expect(authError(() => parseApiKey('', 'The pasted key')).message).toMatch(/^The pasted key is empty/);
  });
});

describe('isApiKey', () => {
  it('is true only for exactly 32 ASCII letters and digits', () => {
    expect(isApiKey(API_KEY)).toBe(true);
    expect(isApiKey(` ${API_KEY}`)).toBe(false);
    expect(isApiKey(API_KEY.slice(1))).toBe(false);
    expect(isApiKey(`${API_KEY.slice(1)}_`)).toBe(false);
  });
});

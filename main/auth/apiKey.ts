/**
 * Checks an API key the user pasted (or that came out of a zuliprc file or an SSO redirect)
 * before it is ever sent to a server. Zulip makes every key from 32 URL-safe random
 * characters with "-" and "_" removed, so a key is exactly 32 ASCII letters and digits.
 */
import { AuthInputError } from './errors';

export const API_KEY_LENGTH = 32;

const API_KEY = /^[A-Za-z0-9]{32}$/;

/** True when `text` has the shape of a Zulip API key (no trimming). */
export function isApiKey(text: string): boolean {
  return API_KEY.test(text);
}

/** Names the first wrong character by kind, never by value, since the rest is a secret. */
function describeBadCharacter(key: string): string {
  const bad = [...key].find((c) => !/[A-Za-z0-9]/.test(c)) ?? '';
  if (/\s/.test(bad)) return 'a space or line break';
  if (bad.charCodeAt(0) > 127) return 'a non-ASCII character';
  return 'a punctuation mark or symbol';
}

/**
 * Returns the key with surrounding whitespace removed (copying from a web page or a terminal
 * often adds a newline), or throws INVALID_API_KEY saying what is wrong with it.
 * `source` names where it came from for the message, e.g. "The zuliprc file's key".
 */
export function parseApiKey(raw: string, source = 'The API key'): string {
  const key = raw.trim();
  if (key === '') throw new AuthInputError('INVALID_API_KEY', `${source} is empty. Paste the 32-character key.`);
  if (/^\[api\]/im.test(key)) {
    throw new AuthInputError(
      'INVALID_API_KEY',
      `${source} looks like a whole zuliprc file. Import it as a file instead.`,
    );
  }
  if (/[^A-Za-z0-9]/.test(key)) {
    throw new AuthInputError(
      'INVALID_API_KEY',
      `${source} contains ${describeBadCharacter(key)}; a Zulip API key has only letters and digits.`,
    );
  }
  if (key.length !== API_KEY_LENGTH) {
    throw new AuthInputError(
      'INVALID_API_KEY',
      `${source} has ${key.length} characters; a Zulip API key has exactly ${API_KEY_LENGTH}. Check that all of it was copied.`,
    );
  }
  return key;
}

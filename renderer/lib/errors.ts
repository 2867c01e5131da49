/** Turns errors from main into what the user reads. */
import { BridgeError, describe } from './bridge';

export interface ShownError {
  /** What happened, in the user's terms. */
  title: string;
  /** Main's own message, when it adds something (it is safe to show: main never puts secrets in it). */
  detail: string | null;
}

const TITLES: Record<string, string> = {
  UNREACHABLE: 'Could not reach that server. Check the address and your network connection.',
  NOT_ZULIP: 'That address does not look like a Zulip server.',
  INCOMPATIBLE: 'This server runs a version that Parley does not support.',
  BAD_CREDENTIALS: 'That email and password do not match an account on this server.',
  USER_DEACTIVATED: 'This account has been deactivated by the organization.',
  REALM_DEACTIVATED: 'This organization has been deactivated.',
  KEYCHAIN: 'Parley could not save your sign-in in the system keychain.',
  DISCONNECTED: 'Parley lost the connection to its background process.',
  INVALID_ARGUMENT: 'Parley could not use what was entered.',
  RATE_LIMIT_HIT: 'The server is receiving too many requests. Wait a moment and try again.',
};

export function showError(error: unknown): ShownError {
  if (error instanceof BridgeError) {
    const title = TITLES[error.code];
    if (title) return { title, detail: error.message && error.message !== title ? error.message : null };
    return { title: error.message || `Something went wrong (${error.code}).`, detail: null };
  }
  return { title: 'Something went wrong.', detail: describe(error) };
}

/** One line, for places with room for a single sentence (compose, status line). */
export function errorText(error: unknown): string {
  const shown = showError(error);
  return shown.detail ? `${shown.title} ${shown.detail}` : shown.title;
}

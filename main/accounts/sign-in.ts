/**
 * Password sign-in: probe the server, trade the password for an API key, learn who we are,
 * then store the key (keychain only) and the account row (never the key). Each step's
 * failure becomes an IpcFailure a person can act on, and nothing is left half-written.
 */
import { createHash } from 'node:crypto';
import type { ServerInfo } from '../../common/model';
import { ApiClient, ApiError, NetworkError, fetchApiKey, getOwnUser, probeServer } from '../api';
import type { CredentialStore } from '../credentials';
import { IpcFailure } from '../ipc/errors';
import type { Logger } from '../log';
import type { AccountRecord, AppStore } from '../store/app-store';

/** Stable per realm and email, so signing in again finds the same account and cache file. */
export function accountIdFor(realmUrl: string, email: string): string {
  return createHash('sha256').update(`${realmUrl}\n${email.toLowerCase()}`).digest('hex').slice(0, 20);
}

function credentialFailure(e: unknown): IpcFailure | null {
  if (e instanceof NetworkError)
    return new IpcFailure('UNREACHABLE', `${e.message}. Check your connection and try again.`);
  if (!(e instanceof ApiError)) return null;
  if (e.code === 'USER_DEACTIVATED') return new IpcFailure('USER_DEACTIVATED', 'This account has been deactivated.');
  if (e.code === 'REALM_DEACTIVATED')
    return new IpcFailure('REALM_DEACTIVATED', 'This organization has been deactivated.');
  if (e.httpStatus === 429)
    return new IpcFailure('RATE_LIMIT_HIT', 'Too many sign-in attempts. Wait a little and try again.');
  if (e.httpStatus >= 500)
    return new IpcFailure('UNREACHABLE', `The server is having trouble (HTTP ${e.httpStatus}). Try again later.`);
  // 401/403 AUTHENTICATION_FAILED, or the 400 some servers send for a wrong password.
  return new IpcFailure('BAD_CREDENTIALS', 'Wrong email or password.');
}

export interface SignInDeps {
  credentials: CredentialStore;
  appStore: AppStore;
  fetch?: typeof fetch;
  log: Logger;
  now: () => number;
}

export interface SignedIn {
  record: AccountRecord;
  apiKey: string;
}

/** Everything up to a saved account; the manager then starts it. */
export async function signIn(
  deps: SignInDeps,
  args: { url: string; email: string; password: string },
): Promise<SignedIn> {
  const info: ServerInfo = await probeServer(args.url, deps.fetch);
  const client = new ApiClient({ realmUrl: info.realmUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  let key: { api_key: string; email: string; user_id: number };
  let fullName: string;
  try {
    key = await fetchApiKey(client, { username: args.email.trim(), password: args.password });
    const me = await getOwnUser(client.withAuth({ email: key.email, apiKey: key.api_key }));
    fullName = me.full_name;
  } catch (e) {
    throw credentialFailure(e) ?? e;
  }
  const record: AccountRecord = {
    id: accountIdFor(info.realmUrl, key.email),
    realmUrl: info.realmUrl,
    email: key.email,
    userId: key.user_id,
    fullName,
    realmName: info.realmName,
    realmIcon: info.realmIcon,
    featureLevel: info.featureLevel,
    createdAt: deps.appStore.account(accountIdFor(info.realmUrl, key.email))?.createdAt ?? deps.now(),
  };
  const credentialKey = { realmUrl: record.realmUrl, email: record.email };
  try {
    await deps.credentials.set(credentialKey, key.api_key);
  } catch (e) {
    deps.log.error('could not store the API key', { error: e });
    throw new IpcFailure('KEYCHAIN', 'The system keychain would not store the key, so you were not signed in.');
  }
  try {
    deps.appStore.saveAccount(record);
  } catch (e) {
    // No account row: the key must not stay behind either.
    await deps.credentials.delete(credentialKey).catch(() => {});
    throw e;
  }
  return { record, apiKey: key.api_key };
}

/**
 * Every way into an account ends here: email and password (POST /fetch_api_key), a pasted API
 * key, a zuliprc file, or a browser (SSO) redirect. Each one yields a key for a server; then
 * GET /users/me proves the key works and says who we are, the key goes to the credential store
 * (never to disk) and the account row to the app database. Each step's failure becomes an
 * IpcFailure a person can act on, and nothing is left half-written.
 */
import { createHash } from 'node:crypto';
import type { ServerInfo } from '../../common/model';
import {
  ApiClient,
  ApiError,
  NetworkError,
  fetchApiKey,
  getOwnUser,
  probeServer,
  type HttpTransport,
  type OwnUser,
} from '../api';
import { parseApiKey, parseZuliprc } from '../auth';
import type { CredentialStore } from '../credentials';
import { IpcFailure } from '../failure';
import type { Logger } from '../log';
import type { AccountRecord, AppStore } from '../store/app-store';

/** Stable per realm and email, so signing in again finds the same account and cache file. */
export function accountIdFor(realmUrl: string, email: string): string {
  return createHash('sha256').update(`${realmUrl}\n${email.toLowerCase()}`).digest('hex').slice(0, 20);
}

/** What a refused credential means to the user; `badKey` words the 401 for the way they signed in. */
export function credentialFailure(e: unknown, badKey = 'Wrong email or password.'): IpcFailure | null {
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
  // 401/403 AUTHENTICATION_FAILED or INVALID_API_KEY, or the 400 some servers send instead.
  return new IpcFailure('BAD_CREDENTIALS', badKey);
}

export interface SignInDeps {
  credentials: CredentialStore;
  appStore: AppStore;
  transport?: HttpTransport;
  log: Logger;
  now: () => number;
  /** Origins of plain-http (non-loopback) servers the user accepted after the warning. */
  insecureAccepted?: ReadonlySet<string>;
}

export interface SignedIn {
  record: AccountRecord;
  apiKey: string;
}

/**
 * Probes the server and refuses to send a password or key over plain HTTP to another computer
 * unless the user accepted the warning for that origin (server:acceptInsecure).
 */
async function probeForSignIn(deps: SignInDeps, url: string): Promise<ServerInfo> {
  const info = await probeServer(url, deps.transport);
  if (info.insecure && !deps.insecureAccepted?.has(new URL(info.realmUrl).origin)) {
    const host = new URL(info.realmUrl).host;
    throw new IpcFailure(
      'INSECURE_CONNECTION',
      `${host} uses plain HTTP: your password and API key would travel unencrypted. Enter its address on the sign-in screen and accept the warning to sign in anyway.`,
    );
  }
  return info;
}

function clientFor(deps: SignInDeps, realmUrl: string): ApiClient {
  return new ApiClient({ realmUrl, ...(deps.transport ? { transport: deps.transport } : {}) });
}

/** GET /users/me with the new key: the proof it works, and the user's ID and name. */
async function whoAmI(client: ApiClient, email: string, apiKey: string, badKey: string): Promise<OwnUser> {
  try {
    return await getOwnUser(client.withAuth({ email, apiKey }));
  } catch (e) {
    throw credentialFailure(e, badKey) ?? e;
  }
}

/** Key to the credential store, then the row; a failure of the second takes the key back out. */
async function save(deps: SignInDeps, info: ServerInfo, email: string, apiKey: string, me: OwnUser): Promise<SignedIn> {
  const id = accountIdFor(info.realmUrl, email);
  const record: AccountRecord = {
    id,
    realmUrl: info.realmUrl,
    email,
    userId: me.user_id,
    fullName: me.full_name,
    realmName: info.realmName,
    realmIcon: info.realmIcon,
    featureLevel: info.featureLevel,
    createdAt: deps.appStore.account(id)?.createdAt ?? deps.now(),
  };
  const credentialKey = { realmUrl: record.realmUrl, email: record.email };
  try {
    await deps.credentials.set(credentialKey, apiKey);
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
  return { record, apiKey };
}

/** Email and password: POST /fetch_api_key trades them for the key. */
export async function signIn(
  deps: SignInDeps,
  args: { url: string; email: string; password: string },
): Promise<SignedIn> {
  const info = await probeForSignIn(deps, args.url);
  const client = clientFor(deps, info.realmUrl);
  let key: { api_key: string; email: string };
  try {
    key = await fetchApiKey(client, { username: args.email.trim(), password: args.password });
  } catch (e) {
    throw credentialFailure(e) ?? e;
  }
  const me = await whoAmI(client, key.email, key.api_key, 'Wrong email or password.');
  return save(deps, info, key.email, key.api_key, me);
}

/** A key the user already has (pasted, or from a zuliprc file): checked, then proven by GET /users/me. */
export async function signInWithKey(
  deps: SignInDeps,
  args: { url: string; email: string; apiKey: string },
): Promise<SignedIn> {
  const apiKey = parseApiKey(args.apiKey);
  const email = args.email.trim();
  const info = await probeForSignIn(deps, args.url);
  const me = await whoAmI(
    clientFor(deps, info.realmUrl),
    email,
    apiKey,
    `The server did not accept this API key for ${email}. Check the email and copy the key again.`,
  );
  return save(deps, info, email, apiKey, me);
}

/** The [api] section of a zuliprc file: site, email and key. */
export function importZuliprc(deps: SignInDeps, args: { text: string }): Promise<SignedIn> {
  const rc = parseZuliprc(args.text);
  return signInWithKey(deps, { url: rc.realmUrl, email: rc.email, apiKey: rc.apiKey });
}

/** The credentials of a completed browser sign-in (main/auth/sso.ts decrypted them). */
export async function signInWithSsoKey(
  deps: SignInDeps,
  args: { realmUrl: string; email: string; userId: number | null; apiKey: string },
): Promise<SignedIn> {
  const info = await probeForSignIn(deps, args.realmUrl);
  const me = await whoAmI(
    clientFor(deps, info.realmUrl),
    args.email,
    args.apiKey,
    'The server did not accept the key from the browser sign-in. Start the sign-in again.',
  );
  if (args.userId !== null && me.user_id !== args.userId) {
    throw new IpcFailure('BAD_CREDENTIALS', 'The browser sign-in returned a key for a different user. Start again.');
  }
  return save(deps, info, args.email, args.apiKey, me);
}

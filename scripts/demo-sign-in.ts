/**
 * Makes sure the demo owner is signed in, through the core's own sign-in call so the key goes
 * wherever a user's key goes (keychain, or memory when there is none). An account that is signed
 * out (its key was only in memory, or the demo data was reset) signs in again, keeping its cache.
 */
import type { AccountSummary, AppState } from '../common/model';
import type { Core } from '../main/ipc/types';

export interface DemoLogin {
  url: string;
  email: string;
  password: string;
}

function sameServer(a: string, b: string): boolean {
  const key = (text: string): string => {
    const url = new URL(text);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  };
  try {
    return key(a) === key(b);
  } catch {
    return false;
  }
}

async function call<T>(core: Core, name: string, args: unknown, what: string): Promise<T> {
  const result = await core.dispatch(name, args);
  if (!result.ok) throw new Error(`${what}: ${result.error.message}`);
  return result.value as T;
}

/** Returns the signed-in account and whether this call had to sign in. */
export async function ensureDemoSignIn(
  core: Core,
  login: DemoLogin,
): Promise<{ account: AccountSummary; signedIn: boolean }> {
  const state = await call<AppState>(core, 'app:state', {}, 'Could not read the app state');
  const existing = state.accounts.find(
    (account) => sameServer(account.realmUrl, login.url) && account.email.toLowerCase() === login.email.toLowerCase(),
  );
  if (existing && existing.status.state !== 'signedOut') return { account: existing, signedIn: false };
  const account = await call<AccountSummary>(
    core,
    'account:signIn',
    login,
    'Could not sign in to the demo organization',
  );
  return { account, signedIn: true };
}

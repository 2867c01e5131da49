/**
 * App-wide session state: the signed-in accounts, which one is on screen, their connection
 * status and whether a real keychain holds the keys. Fed by app:state, then by pushed deltas.
 */
import type { AccountStatus, AccountSummary, KeychainStatus, Narrow, ServerInfo } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';

/** Where the sign-in form should start when it is opened for an existing account. */
export interface SignInRequest {
  url: string;
  email: string;
}

export class SessionState {
  accounts = $state.raw<AccountSummary[]>([]);
  activeAccountId = $state<string | null>(null);
  keychain = $state.raw<KeychainStatus>({ kind: 'keychain' });
  /** The view to open first for the active account (from the last run), if any. */
  lastView = $state.raw<Narrow | null>(null);
  loaded = $state(false);
  loadError = $state.raw<unknown>(null);
  /** Set while the user adds an account or signs in again: the sign-in screen shows over Home. */
  signInRequest = $state.raw<SignInRequest | null>(null);

  readonly active: AccountSummary | null = $derived(
    this.accounts.find((account) => account.id === this.activeAccountId) ?? null,
  );

  private readonly stops: Array<() => void>;

  constructor(private readonly bridge: BridgeClient) {
    this.stops = [
      bridge.on('accounts:changed', ({ accounts }) => this.setAccounts(accounts)),
      bridge.on('account:status', ({ accountId, status }) => this.setStatus(accountId, status)),
      // Deltas may have been missed while the transport was down.
      bridge.onReconnect(() => void this.load({ keepView: true })),
    ];
  }

  /** app:state. With keepView, the account and view on screen stay as they are if still valid. */
  async load(options: { keepView?: boolean } = {}): Promise<void> {
    try {
      const state = await this.bridge.call('app:state', {});
      this.keychain = state.keychain;
      if (options.keepView && this.loaded) {
        this.setAccounts(state.accounts);
      } else {
        this.accounts = state.accounts;
        const known = state.accounts.some((a) => a.id === state.activeAccountId);
        this.activeAccountId = known ? state.activeAccountId : (state.accounts[0]?.id ?? null);
        this.lastView = known ? state.lastView : null;
      }
      this.loadError = null;
    } catch (error) {
      this.loadError = error;
    } finally {
      this.loaded = true;
    }
  }

  setAccounts(accounts: AccountSummary[]): void {
    this.accounts = accounts;
    if (!accounts.some((a) => a.id === this.activeAccountId)) {
      this.activeAccountId = accounts[0]?.id ?? null;
      this.lastView = null;
    }
  }

  setStatus(accountId: string, status: AccountStatus): void {
    this.accounts = this.accounts.map((a) => (a.id === accountId ? { ...a, status } : a));
  }

  /** server:probe: what the organization at `url` is and how one signs in there. */
  probe(url: string): Promise<ServerInfo> {
    return this.bridge.call('server:probe', { url });
  }

  /** account:signIn; the new account becomes the active one. Errors are thrown to the form. */
  async signIn(url: string, email: string, password: string): Promise<AccountSummary> {
    const account = await this.bridge.call('account:signIn', { url, email, password });
    const others = this.accounts.filter((a) => a.id !== account.id);
    this.accounts = [...others, account];
    this.activeAccountId = account.id;
    this.lastView = null;
    this.signInRequest = null;
    return account;
  }

  async signOut(accountId: string): Promise<void> {
    await this.bridge.call('account:signOut', { accountId });
    this.setAccounts(this.accounts.filter((a) => a.id !== accountId));
  }

  selectAccount(accountId: string): void {
    if (accountId === this.activeAccountId) return;
    this.activeAccountId = accountId;
    this.lastView = null;
  }

  dispose(): void {
    for (const stop of this.stops) stop();
  }
}

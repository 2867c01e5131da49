/**
 * App-wide session state: the signed-in accounts, which one is on screen, their connection
 * status and whether a real keychain holds the keys. Fed by app:state, then by pushed deltas.
 */
import type { AccountStatus, AccountSummary, AppState, KeychainStatus, Narrow, ServerInfo } from '../../common/model';
import { describe, type BridgeClient } from '../lib/bridge';

/** Where the sign-in form should start when it is opened for an existing account. */
export interface SignInRequest {
  url: string;
  email: string;
}

export class SessionState {
  accounts = $state.raw<AccountSummary[]>([]);
  activeAccountId = $state<string | null>(null);
  keychain = $state.raw<KeychainStatus>({ kind: 'keychain', name: 'the system keychain' });
  /** The view to open first for the active account (from the last run), if any. */
  lastView = $state.raw<Narrow | null>(null);
  loaded = $state(false);
  loadError = $state.raw<unknown>(null);
  /** Set while the user adds an account or signs in again: the sign-in screen shows over Home. */
  signInRequest = $state.raw<SignInRequest | null>(null);
  /** How the last browser sign-in failed (account:ssoResult), for the sign-in screen. */
  ssoError = $state<string | null>(null);
  /** Parley's do-not-disturb switch (main keeps it across restarts; app:state says how it is). */
  doNotDisturb = $state(false);
  /**
   * A conversation to show (a notification was clicked). Home opens it when it is the home of
   * that account, then clears it.
   */
  navigation = $state.raw<{ accountId: string; narrow: Narrow; messageId?: number } | null>(null);

  readonly active: AccountSummary | null = $derived(
    this.accounts.find((account) => account.id === this.activeAccountId) ?? null,
  );

  private readonly stops: Array<() => void>;
  /** ssoComplete calls in flight (main announces their outcome as account:ssoResult too). */
  private completing = 0;

  constructor(private readonly bridge: BridgeClient) {
    this.stops = [
      bridge.on('accounts:changed', ({ accounts }) => this.setAccounts(accounts)),
      bridge.on('account:status', ({ accountId, status }) => this.setStatus(accountId, status)),
      bridge.on('account:ssoResult', (result) => {
        if (result.ok) this.adopt(result.account);
        // A pasted link's failure also comes back as its call's rejection, which the form shows.
        else if (this.completing === 0) this.ssoError = result.error.message;
      }),
      // Electron's notification was clicked: main focused the window, this opens the conversation.
      bridge.on(
        'view:navigate',
        ({ accountId, narrow, messageId }) => void this.navigate(accountId, narrow, messageId),
      ),
      // Deltas may have been missed while the transport was down.
      bridge.onReconnect(() => void this.load({ keepView: true })),
    ];
  }

  /** app:state. With keepView, the account and view on screen stay as they are if still valid. */
  async load(options: { keepView?: boolean } = {}): Promise<void> {
    try {
      const state = await this.bridge.call('app:state', {});
      this.keychain = state.keychain;
      this.doNotDisturb = state.doNotDisturb;
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

  /** server:acceptInsecure: the user chose to sign in over plain HTTP after the warning. */
  acceptInsecure(url: string): Promise<null> {
    return this.bridge.call('server:acceptInsecure', { url });
  }

  /** account:signIn; the new account becomes the active one. Errors are thrown to the form. */
  async signIn(url: string, email: string, password: string): Promise<AccountSummary> {
    return this.adopt(await this.bridge.call('account:signIn', { url, email, password }));
  }

  /** account:signInWithKey: an API key the user pasted (checked by main before it is kept). */
  async signInWithKey(url: string, email: string, apiKey: string): Promise<AccountSummary> {
    return this.adopt(await this.bridge.call('account:signInWithKey', { url, email, apiKey }));
  }

  /** account:importZuliprc: the text of a zuliprc file. */
  async importZuliprc(text: string): Promise<AccountSummary> {
    return this.adopt(await this.bridge.call('account:importZuliprc', { text }));
  }

  /**
   * Begins a browser sign-in with one of the server's external methods, or without one on the
   * organization's own login page; the caller opens the returned URL. The end comes as
   * account:ssoResult.
   */
  async ssoStart(url: string, method?: string): Promise<string> {
    this.ssoError = null;
    const { loginUrl } = await this.bridge.call('account:ssoStart', method === undefined ? { url } : { url, method });
    return loginUrl;
  }

  /** Finishes a browser sign-in with the zulip://login link the user pasted. */
  async ssoComplete(url: string): Promise<AccountSummary> {
    this.completing++;
    try {
      return this.adopt(await this.bridge.call('account:ssoComplete', { url }));
    } finally {
      this.completing--;
    }
  }

  /** A newly signed-in account becomes the active one. */
  adopt(account: AccountSummary): AccountSummary {
    const others = this.accounts.filter((a) => a.id !== account.id);
    this.accounts = [...others, account];
    this.activeAccountId = account.id;
    this.lastView = null;
    this.signInRequest = null;
    this.ssoError = null;
    return account;
  }

  /** account:switch: main remembers the choice and answers with that account's last view. */
  async switchAccount(accountId: string): Promise<void> {
    if (accountId === this.activeAccountId) return;
    const state: AppState = await this.bridge.call('account:switch', { accountId });
    this.accounts = state.accounts;
    this.activeAccountId = state.activeAccountId ?? accountId;
    this.lastView = state.lastView;
  }

  /** "Retry now" on an offline account: every server is asked at once, not when its backoff ends. */
  retryNow(): void {
    this.bridge.send('app:wake', {});
  }

  /**
   * Shows `narrow` of that account, switching accounts first when another one is on screen.
   * A failed switch (the account was signed out meanwhile) leaves the screen as it is.
   */
  async navigate(accountId: string, narrow: Narrow, messageId?: number): Promise<void> {
    if (!this.accounts.some((a) => a.id === accountId)) return;
    if (accountId !== this.activeAccountId) {
      try {
        await this.switchAccount(accountId);
      } catch (error) {
        this.bridge.send('log:error', { message: `could not switch accounts for a notification: ${describe(error)}` });
        return;
      }
      // The new account's Home opens this instead of its last view.
      this.lastView = narrow;
    }
    this.signInRequest = null;
    this.navigation = messageId === undefined ? { accountId, narrow } : { accountId, narrow, messageId };
  }

  async setDoNotDisturb(enabled: boolean): Promise<void> {
    await this.bridge.call('notify:setDoNotDisturb', { enabled });
    this.doNotDisturb = enabled;
  }

  /** account:signOut; the cache is deleted unless `keepCache`. */
  async signOut(accountId: string, opts: { keepCache?: boolean } = {}): Promise<void> {
    await this.bridge.call('account:signOut', opts.keepCache ? { accountId, keepCache: true } : { accountId });
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

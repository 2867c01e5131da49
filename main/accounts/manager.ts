/**
 * All accounts of this app: resumes the saved ones at start, signs in and out, and answers
 * app-wide questions (the account list, the active account, the last view). Emits
 * accounts:changed whenever the list or an account's details change.
 */
import type { AccountSummary, AppState, KeychainStatus, Narrow } from '../../common/model';
import type { CredentialStore } from '../credentials';
import { probeServer, type HttpTransport } from '../api';
import { IpcFailure } from '../failure';
import { toIpcError } from '../failure-words';
import type { EventListener } from '../event-listener';
import type { Logger } from '../log';
import type { AccountRecord, AppStore } from '../store/app-store';
import type { Clock } from '../sync/clock';
import { Account } from './account';
import { LastViewSaver } from './last-view-saver';
import type { PushSetup } from './push-setup';
import { importZuliprc, signIn, signInWithKey, signInWithSsoKey, type SignInDeps, type SignedIn } from './sign-in';
import { SsoAttempts } from './sso-attempts';
import { accountDbPath } from '../store/account-store';
import { removeDatabaseFiles } from '../store/private-files';
import { removeLaunchPicture } from '../launch-picture/file';
import { ScreenAttention } from '../notifications/attention';

export interface AccountManagerDeps {
  dataDir: string;
  appStore: AppStore;
  credentials: CredentialStore;
  keychain: KeychainStatus;
  /** How requests go out (default: ApiClient's, direct). */
  transport?: HttpTransport;
  log: Logger;
  clock: Clock;
  emit: EventListener;
  /** Encrypted push for every account; absent where the platform has none. */
  push?: PushSetup;
  /** See CoreOptions.collectGarbage. */
  collectGarbage?: () => void;
}

export class AccountManager {
  readonly #d: AccountManagerDeps;
  readonly #accounts = new Map<string, Account>();
  /** What the user looks at (window:attention): no notification for the conversation on screen. */
  readonly attention = new ScreenAttention();
  readonly #sso: SsoAttempts;
  /** Origins of plain-http servers the user chose to sign in to after the warning (this run only). */
  readonly #insecureAccepted = new Set<string>();
  #closed = false;
  /** Accounts whose sync has begun: startAll() may come after a sign-in already started one. */
  readonly #started = new WeakSet<Account>();
  /** The open view and active account, written a moment after the page asked (last-view-saver.ts). */
  readonly #views: LastViewSaver;

  constructor(deps: AccountManagerDeps) {
    this.#d = deps;
    this.#views = new LastViewSaver(deps.appStore, deps.log);
    this.#sso = new SsoAttempts(() => deps.clock.now());
  }

  /** Opens every saved account (cache and key), without touching the network. Call startAll() next. */
  async resumeAll(): Promise<void> {
    for (const record of this.#d.appStore.accounts()) {
      let apiKey: string | null = null;
      try {
        apiKey = await this.#d.credentials.get({ realmUrl: record.realmUrl, email: record.email });
      } catch (e) {
        this.#d.log.error('could not read an API key from the keychain', { account: record.id, error: e });
      }
      const noKeyMessage =
        this.#d.keychain.kind === 'memory'
          ? 'Keys are not kept between runs without a system keychain. Sign in again.'
          : `No saved key for ${record.email} was found in the keychain. Sign in again.`;
      this.#accounts.set(record.id, this.#newAccount(record, apiKey, noKeyMessage));
    }
  }

  /** Publishes each account's cached sidebar and starts its sync loop (those not started yet). */
  startAll(): void {
    if (this.#closed) return;
    for (const account of this.#accounts.values()) this.#start(account);
  }

  #start(account: Account): void {
    if (this.#started.has(account)) return;
    this.#started.add(account);
    account.start();
  }

  summaries(): AccountSummary[] {
    return [...this.#accounts.values()].map((a) => a.summary());
  }

  has(accountId: string): boolean {
    return this.#accounts.has(accountId);
  }

  get(accountId: string): Account {
    const account = this.#accounts.get(accountId);
    if (!account) throw new IpcFailure('UNKNOWN_ACCOUNT', 'That account is not signed in on this computer.');
    return account;
  }

  appState(): AppState {
    const active = this.#views.activeAccountId();
    const activeAccountId =
      active !== null && this.#accounts.has(active) ? active : (this.#accounts.keys().next().value ?? null);
    return {
      accounts: this.summaries(),
      activeAccountId,
      lastView: activeAccountId !== null ? this.#views.lastView(activeAccountId) : null,
      keychain: this.#d.keychain,
      doNotDisturb: this.#d.appStore.doNotDisturb(),
    };
  }

  /** Email and password. */
  async signIn(args: { url: string; email: string; password: string }): Promise<AccountSummary> {
    return this.#adopt(await signIn(this.#signInDeps(), args));
  }

  /** A pasted API key, proven by GET /users/me before anything is saved. */
  async signInWithKey(args: { url: string; email: string; apiKey: string }): Promise<AccountSummary> {
    return this.#adopt(await signInWithKey(this.#signInDeps(), args));
  }

  /** The text of a zuliprc file. */
  async importZuliprc(args: { text: string }): Promise<AccountSummary> {
    return this.#adopt(await importZuliprc(this.#signInDeps(), args));
  }

  /** The user accepted the plain-HTTP warning for this server: sign-in to its origin is allowed from now on. */
  async acceptInsecure(url: string): Promise<void> {
    const info = await probeServer(url, this.#d.transport);
    if (info.insecure) this.#insecureAccepted.add(new URL(info.realmUrl).origin);
  }

  /** Begins a browser sign-in: the address to open in the system browser. */
  async ssoStart(args: { url: string; method?: string | undefined }): Promise<{ loginUrl: string }> {
    const info = await probeServer(args.url, this.#d.transport);
    if (info.insecure && !this.#insecureAccepted.has(new URL(info.realmUrl).origin)) {
      throw new IpcFailure(
        'INSECURE_CONNECTION',
        `${new URL(info.realmUrl).host} uses plain HTTP. Accept the warning before signing in.`,
      );
    }
    return this.#sso.start(info, args.method);
  }

  /**
   * Finishes a browser sign-in with the zulip://login redirect. Whoever delivered the link (the
   * OS protocol handler or the renderer), the outcome also goes out as account:ssoResult.
   */
  async ssoComplete(args: { url: string }): Promise<AccountSummary> {
    try {
      const creds = this.#sso.complete(args.url);
      this.#sso.finish(creds.realmUrl);
      const summary = await this.#adopt(await signInWithSsoKey(this.#signInDeps(), creds));
      this.#d.emit('account:ssoResult', { ok: true, account: summary });
      return summary;
    } catch (e) {
      this.#d.emit('account:ssoResult', { ok: false, error: toIpcError(e, this.#d.log) });
      throw e;
    }
  }

  /** Makes another signed-in account the one on screen; its last view comes back with the state. */
  switchTo(accountId: string): AppState {
    this.get(accountId);
    this.#views.flush();
    this.#d.appStore.setActiveAccount(accountId);
    return this.appState();
  }

  /** Parley's do-not-disturb switch, for every account; kept across restarts. */
  setDoNotDisturb(on: boolean): void {
    this.#d.appStore.setDoNotDisturb(on);
  }

  #signInDeps(): SignInDeps {
    return {
      credentials: this.#d.credentials,
      appStore: this.#d.appStore,
      log: this.#d.log,
      now: () => this.#d.clock.now(),
      insecureAccepted: this.#insecureAccepted,
      ...(this.#d.transport ? { transport: this.#d.transport } : {}),
    };
  }

  async #adopt({ record, apiKey }: SignedIn): Promise<AccountSummary> {
    // Signing in again replaces the running account (its key may have changed) but keeps its cache.
    const previous = this.#accounts.get(record.id);
    this.#accounts.delete(record.id);
    await previous?.close();
    const account = this.#newAccount(record, apiKey);
    this.#accounts.set(record.id, account);
    this.#views.flush();
    this.#d.appStore.setActiveAccount(record.id);
    this.#emitAccounts();
    if (!this.#closed) this.#start(account);
    return account.summary();
  }

  /**
   * Stops the account, forgets its key and its row, and deletes its cache file (messages,
   * users, drafts) unless the user chose to keep it for a later sign-in.
   */
  async signOut(accountId: string, opts: { keepCache?: boolean } = {}): Promise<void> {
    const account = this.get(accountId);
    this.#accounts.delete(accountId);
    await account.close({ forget: true });
    if (!opts.keepCache) removeDatabaseFiles(accountDbPath(this.#d.dataDir, accountId));
    // The window's picture may show this account's messages: the next start must not.
    removeLaunchPicture(this.#d.dataDir);
    const { realmUrl, email } = account.record;
    await this.#d.credentials.delete({ realmUrl, email });
    this.#views.flush();
    this.#d.appStore.removeAccount(accountId);
    this.#emitAccounts();
  }

  openView(accountId: string, narrow: Narrow): void {
    this.get(accountId).setOpenView(narrow);
    this.#views.note(accountId, narrow, this.#d.clock.now());
  }

  /** The network came back or the computer woke: every account asks its server again now. */
  wakeAll(): void {
    if (this.#closed) return;
    for (const account of this.#accounts.values()) account.wake();
  }

  async closeAll(): Promise<void> {
    this.#closed = true;
    // A full disk must not keep the accounts from closing.
    this.#views.flushOrLog();
    const all = [...this.#accounts.values()];
    this.#accounts.clear();
    await Promise.all(all.map((a) => a.close()));
  }

  #newAccount(record: AccountRecord, apiKey: string | null, noKeyMessage?: string): Account {
    return new Account({
      record,
      dataDir: this.#d.dataDir,
      apiKey,
      ...(noKeyMessage ? { noKeyMessage } : {}),
      ...(this.#d.transport ? { transport: this.#d.transport } : {}),
      log: this.#d.log.child(`account.${record.id.slice(0, 8)}`),
      clock: this.#d.clock,
      emit: this.#d.emit,
      openView: this.#views.lastView(record.id),
      onRecordChanged: (next) => {
        this.#d.appStore.saveAccount(next);
        this.#emitAccounts();
      },
      doNotDisturb: () => this.#d.appStore.doNotDisturb(),
      seesConversation: (narrow) => this.attention.sees(record.id, narrow),
      ...(this.#d.push ? { push: this.#d.push } : {}),
      ...(this.#d.collectGarbage ? { collectGarbage: this.#d.collectGarbage } : {}),
    });
  }

  #emitAccounts(): void {
    this.#d.emit('accounts:changed', { accounts: this.summaries() });
  }
}

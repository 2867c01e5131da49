/**
 * One account's encrypted push, hooked into its sync loop: after each POST /register it makes
 * sure a registration went out (identity from the keychain, token from the platform), catches up
 * on the push_devices status, and hands push_device events to main/push's PushRegistrar. The
 * outcome is the account's PushStatus, which the account list shows. At start it is the cached
 * verdict on this account's push_account_id, if the server gave one in an earlier run.
 */
import type { PushStatus } from '../../common/model';
import type { ApiClient, ZulipEvent } from '../api';
import { removeApnsDeviceToken } from '../api/routes/push';
import type { Logger } from '../log';
import { PushError } from '../push/errors';
import { forgetPushIdentity, loadPushIdentity, type PushAccountRef } from '../push/keys';
import type { PushToken } from '../push/payload';
import { PushRegistrar, type PushState } from '../push/registrar';
import type { StoredPushDevice } from '../store/repos/push-devices';
import type { SyncApi } from '../sync/sync-api';
import { cachedPushStatus } from './push-cache';
import type { PushSetup } from './push-setup';

export interface AccountPushOptions {
  setup: PushSetup;
  client: ApiClient;
  account: PushAccountRef;
  /** Read when the registrar is made, i.e. after the first register of this run. */
  featureLevel: () => number;
  log: Logger;
  /** The status changed; the account republishes its summary. */
  onChange: (status: PushStatus) => void;
  /** The account cache's push_devices row for a push_account_id (what the server last said of it). */
  cachedDevice: (pushAccountId: number) => StoredPushDevice | null;
}

/** What the renderer is told about main/push's registrar state. */
export function pushStatusOf(state: PushState): PushStatus {
  switch (state.kind) {
    case 'idle':
    case 'pending':
      return { state: 'pending' };
    // A legacy (pre-406) registration reports no status: once the server took it, it is as good as it gets.
    case 'active':
    case 'legacy':
      return { state: 'active' };
    case 'disabled':
      return { state: 'off' };
    case 'unsupported':
      return { state: 'off', reason: state.message };
    case 'failed':
      return { state: 'failed', code: state.code, message: state.message };
  }
}

const isPushDeviceEvent = (ev: ZulipEvent): boolean =>
  ev.type === 'push_device' || (ev.type === 'unknown' && ev.originalType === 'push_device');

export class AccountPush {
  readonly #o: AccountPushOptions;
  #status: PushStatus = { state: 'pending' };
  #registrar: PushRegistrar | null = null;
  #token: PushToken | null = null;
  /** Whether this run's registration reached the server; until then each `ensureRegistered` tries again. */
  #registered = false;
  #closed = false;
  /** The status is an earlier run's verdict, which this run's registration has not replaced yet. */
  #fromCache = false;
  #chain: Promise<unknown> = Promise.resolve();

  constructor(o: AccountPushOptions) {
    this.#o = o;
    // First in the queue, so the registration of this run (ensureRegistered) comes after it.
    void this.#queue(() => this.#restoreCachedStatus());
  }

  get status(): PushStatus {
    return this.#status;
  }

  /**
   * At start and whenever the account is live again: until a registration of this run got
   * through, send one. (A resumed event queue brings no POST /register, so this cannot wait for
   * afterRegister.) Never rejects: push trouble is a status, not a sync failure.
   */
  ensureRegistered(): Promise<void> {
    return this.#queue(() => this.#ensureRegistered());
  }

  /**
   * After each POST /register: apply its push_devices, since push_device events may have been
   * missed between two queues. Only when a registration was already through when that register
   * began; otherwise the snapshot predates the registration on its way, which will report itself.
   */
  afterRegister(pushDevices: unknown): Promise<void> {
    const registeredBefore = this.#registered;
    return this.#queue(async () => {
      if (!registeredBefore) return this.#ensureRegistered();
      await this.#registrar?.applyPushDevices(pushDevices);
    });
  }

  #queue(job: () => Promise<void>): Promise<void> {
    const work = this.#chain.then(() => (this.#closed ? undefined : job()));
    const settled = work.catch((e: unknown) => this.#o.log.warn('push set-up failed', { error: e }));
    this.#chain = settled;
    return settled;
  }

  /** Passes the push_device events of a batch to the registrar (others are not its business). */
  handleEvents(events: readonly ZulipEvent[]): void {
    const registrar = this.#registrar;
    // Before the registrar exists, events can only be about an earlier run's registration, which
    // this run's own registration is about to supersede.
    if (!registrar || this.#closed) return;
    for (const ev of events) {
      if (!isPushDeviceEvent(ev)) continue;
      registrar.handleEvent(ev).catch((e: unknown) => this.#o.log.warn('a push_device event failed', { error: e }));
    }
  }

  /** Stops reacting; with forget (sign-out) also drops the identity and any legacy APNs token. */
  async close(opts: { forget?: boolean } = {}): Promise<void> {
    this.#closed = true;
    await this.#chain;
    if (!opts.forget) return;
    const { client, setup, account, log } = this.#o;
    if (this.#registrar?.state.kind === 'legacy' && this.#token) {
      await removeApnsDeviceToken(client, { token: this.#token.token }).catch((e: unknown) =>
        log.info('could not remove the APNs token from the server', { error: e }),
      );
    }
    await forgetPushIdentity(setup.credentials, account).catch((e: unknown) =>
      log.warn('could not remove the push key from the keychain', { error: e }),
    );
  }

  async #ensureRegistered(): Promise<void> {
    if (this.#registered) return;
    const answer = await this.#o.setup.token();
    if (!answer.token) {
      this.#set(answer.reason ? { state: 'off', reason: answer.reason } : { state: 'off' });
      return;
    }
    this.#token = answer.token;
    const registrar = this.#registrar ?? (await this.#newRegistrar(answer.token));
    if (!registrar || this.#closed) return;
    this.#registrar = registrar;
    try {
      await registrar.register();
      this.#registered = true;
    } catch (e) {
      // Offline or a server hiccup: the next time the account is live it tries again.
      this.#o.log.info('push registration did not get through; trying again when next live', { error: e });
    }
  }

  /** The registrar, or null (with a failed status) when the keychain cannot give the identity. */
  async #newRegistrar(token: PushToken): Promise<PushRegistrar | null> {
    const { setup, client, account, log } = this.#o;
    try {
      const identity = await setup.identityFor(account);
      return new PushRegistrar({
        client,
        featureLevel: this.#o.featureLevel(),
        identity,
        token,
        bouncerPublicKey: setup.options.bouncerPublicKey,
        ...(setup.options.now ? { now: setup.options.now } : {}),
        log,
        onChange: (state) => this.#fromRegistrar(state),
      });
    } catch (e) {
      log.warn('no push identity for this account', { error: e });
      const message =
        e instanceof PushError
          ? e.message
          : 'The push notification key could not be read from or saved to the keychain. Notifications will not arrive on this computer.';
      this.#set({ state: 'failed', code: e instanceof PushError ? e.code : 'keychain', message });
      return null;
    }
  }

  /**
   * Shows the cached verdict while this run's registration is on its way: the identity must already
   * be in the keychain (a new one is made only when registering), and the cache must hold the
   * server's word on its push_account_id.
   */
  async #restoreCachedStatus(): Promise<void> {
    const { setup, account, cachedDevice, log } = this.#o;
    const identity = await loadPushIdentity(setup.credentials, account).catch((e: unknown) => {
      // The registration reads it again and reports the trouble as the status.
      log.info('could not read the push identity for the cached status', { error: e });
      return null;
    });
    const row = identity ? cachedDevice(identity.pushAccountId) : null;
    const cached = row ? cachedPushStatus(row) : null;
    if (!cached || this.#closed) return;
    this.#set(cached);
    this.#fromCache = true;
  }

  /** A registration on its way says nothing new: a cached verdict stands until the server gives this run's. */
  #fromRegistrar(state: PushState): void {
    if (this.#fromCache && (state.kind === 'pending' || state.kind === 'idle')) return;
    this.#set(pushStatusOf(state));
  }

  #set(status: PushStatus): void {
    this.#fromCache = false;
    if (JSON.stringify(status) === JSON.stringify(this.#status)) return;
    this.#status = status;
    if (!this.#closed) this.#o.onChange(status);
  }
}

/** The sync loop's API with every fetched batch also shown to `onEvents` (push_device events reach the registrar). */
export function tapEvents(api: SyncApi, onEvents: (events: ZulipEvent[]) => void): SyncApi {
  return {
    ...api,
    getEvents: async (args, signal) => {
      const events = await api.getEvents(args, signal);
      // The loop skips what it has seen; so do we, so a status is never applied twice.
      onEvents(events.filter((ev) => ev.id > args.lastEventId));
      return events;
    },
  };
}

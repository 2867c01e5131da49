/**
 * What every account's push registration shares within one core: the device token (one per
 * computer, asked for once) and the push identities, whose push_account_ids must differ between
 * the app's accounts because a notification names its account only by that ID.
 */
import type { CredentialStore } from '../credentials';
import type { Logger } from '../log';
import { ensurePushIdentity, loadPushIdentity, type PushAccountRef, type PushIdentity } from '../push/keys';
import type { PushToken } from '../push/payload';

/** createCore's `push` option. Without it (or with a null token) nothing about push happens. */
export interface PushOptions {
  /** The device token, or null where the platform has no push service. Asked once per run. */
  token(): Promise<PushToken | null>;
  /** Standard base64 of the bouncer public key this build trusts. */
  bouncerPublicKey: string;
  /** Clock for the registration's timestamp; tests skew it to provoke REQUEST_EXPIRED. */
  now?: () => number;
}

/** The token, or why there is none worth registering. */
export type TokenAnswer = { token: PushToken } | { token: null; reason?: string };

const sameAccount = (a: PushAccountRef, b: PushAccountRef) => a.realmUrl === b.realmUrl && a.email === b.email;

export class PushSetup {
  readonly options: PushOptions;
  readonly credentials: CredentialStore;
  readonly #accounts: () => PushAccountRef[];
  readonly #log: Logger;
  #token: Promise<TokenAnswer> | null = null;
  /** Identity work runs one at a time, so two new accounts cannot draw the same ID. */
  #chain: Promise<unknown> = Promise.resolve();

  constructor(o: {
    options: PushOptions;
    credentials: CredentialStore;
    accounts: () => PushAccountRef[];
    log: Logger;
  }) {
    this.options = o.options;
    this.credentials = o.credentials;
    this.#accounts = o.accounts;
    this.#log = o.log;
  }

  /** The platform's token. A refusal (e.g. a build without the push entitlement) turns push off, with its reason. */
  token(): Promise<TokenAnswer> {
    this.#token ??= this.options.token().then(
      (token): TokenAnswer => (token ? { token } : { token: null }),
      (e: unknown): TokenAnswer => {
        const why = e instanceof Error ? e.message : String(e);
        this.#log.warn('the platform gave no push token', { reason: why.slice(0, 300) });
        return { token: null, reason: `This computer refused push notifications: ${why.slice(0, 300)}` };
      },
    );
    return this.#token;
  }

  /** The account's saved identity, or a new one whose push_account_id no other account of this app uses. */
  identityFor(account: PushAccountRef): Promise<PushIdentity> {
    const work = this.#chain.then(async () => {
      const own = await loadPushIdentity(this.credentials, account);
      if (own) return own;
      return ensurePushIdentity(this.credentials, account, await this.#takenIds(account));
    });
    this.#chain = work.catch(() => undefined);
    return work;
  }

  async #takenIds(account: PushAccountRef): Promise<number[]> {
    const taken: number[] = [];
    for (const other of this.#accounts()) {
      if (sameAccount(other, account)) continue;
      // Another account's damaged entry is its own problem (it reports it); it just takes no ID here.
      const identity = await loadPushIdentity(this.credentials, other).catch(() => null);
      if (identity) taken.push(identity.pushAccountId);
    }
    return taken;
  }
}

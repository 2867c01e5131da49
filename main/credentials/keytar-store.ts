/** The OS keychain through keytar (libsecret on Linux, Keychain on macOS, Credential Vault on Windows). */
import { credentialAccountName, KEYCHAIN_SERVICE, type CredentialKey, type CredentialStore } from './store';

/** The part of keytar we use; lets tests hand in a stand-in loader. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** Thrown when the keychain refuses or fails; the message never contains the secret. */
export class KeychainError extends Error {
  override readonly name = 'KeychainError';
}

/** keytar calls of this thread not settled yet (module state is per thread: each worker has its own). */
const inFlight = new Set<Promise<unknown>>();

function tracked<T>(call: Promise<T>): Promise<T> {
  inFlight.add(call);
  const done = () => inFlight.delete(call);
  call.then(done, done);
  return call;
}

/**
 * Resolves once no keytar call of this thread is in flight. A worker thread must not be ended
 * before: keytar's completion then runs in a stopping environment, where node-addon-api throws a
 * C++ exception nothing catches and the whole process aborts ("terminate called after throwing an
 * instance of 'Napi::Error'", what the ui bench once died of; test/main/core-thread/keychain-close.test.ts).
 */
export async function keychainCallsSettled(): Promise<void> {
  for (;;) {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    // A caller may start its next call a few promise turns after the last one settled (read the
    // key, then write one): settled only once a whole turn of the loop started none.
    await new Promise((resolve) => setImmediate(resolve));
    if (inFlight.size === 0) return;
  }
}

function failure(action: string, account: string, e: unknown): KeychainError {
  const why = e instanceof Error ? e.message : String(e);
  return new KeychainError(`Keychain could not ${action} ${account}: ${why}`, { cause: e });
}

export class KeytarCredentialStore implements CredentialStore {
  readonly kind = 'keychain';
  readonly #keytar: KeytarLike;
  readonly #service: string;

  /** `service` is for tests that must not touch real Parley entries. */
  constructor(keytar: KeytarLike, service: string = KEYCHAIN_SERVICE) {
    this.#keytar = keytar;
    this.#service = service;
  }

  async get(account: CredentialKey): Promise<string | null> {
    const name = credentialAccountName(account);
    try {
      return await tracked(this.#keytar.getPassword(this.#service, name));
    } catch (e) {
      throw failure('read', name, e);
    }
  }

  async set(account: CredentialKey, secret: string): Promise<void> {
    const name = credentialAccountName(account);
    if (secret === '') throw new KeychainError(`Refusing to store an empty secret for ${name}`);
    try {
      await tracked(this.#keytar.setPassword(this.#service, name, secret));
    } catch (e) {
      throw failure('save', name, e);
    }
  }

  async delete(account: CredentialKey): Promise<void> {
    const name = credentialAccountName(account);
    try {
      await tracked(this.#keytar.deletePassword(this.#service, name));
    } catch (e) {
      throw failure('delete', name, e);
    }
  }
}

/**
 * Where secrets live: the OS keychain when one answers, else memory for this session.
 * Nothing in this folder ever writes a secret to disk itself.
 */

/** 'launch-picture-key': this install's key that signs the launch picture (main/launch-picture). */
export type CredentialPurpose = 'api-key' | 'push-secret' | 'launch-picture-key';

export interface CredentialKey {
  realmUrl: string;
  email: string;
  /** Default 'api-key'. */
  purpose?: CredentialPurpose;
}

export interface CredentialStore {
  readonly kind: 'keychain' | 'memory';
  get(account: CredentialKey): Promise<string | null>;
  set(account: CredentialKey, secret: string): Promise<void>;
  /** Deleting a secret that is not there is not an error. */
  delete(account: CredentialKey): Promise<void>;
}

/** The keychain service name every Parley secret is filed under. */
export const KEYCHAIN_SERVICE = 'Parley';

/** The keychain account name: `${purpose}:${email}@${realmUrl}` (realm URL without trailing slash). */
export function credentialAccountName(key: CredentialKey): string {
  const realm = key.realmUrl.replace(/\/+$/, '');
  return `${key.purpose ?? 'api-key'}:${key.email}@${realm}`;
}

/** Keeps secrets in this process only; they are gone when the app quits. */
export class MemoryCredentialStore implements CredentialStore {
  readonly kind = 'memory';
  readonly #secrets = new Map<string, string>();

  async get(account: CredentialKey): Promise<string | null> {
    return this.#secrets.get(credentialAccountName(account)) ?? null;
  }

  async set(account: CredentialKey, secret: string): Promise<void> {
    this.#secrets.set(credentialAccountName(account), secret);
  }

  async delete(account: CredentialKey): Promise<void> {
    this.#secrets.delete(credentialAccountName(account));
  }
}

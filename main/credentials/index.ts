/**
 * Opens the credential store for this run: the OS keychain if keytar loads and answers a probe,
 * otherwise memory, with one log line and a KeychainStatus the UI shows ("keys are kept for this
 * session only"). The probe writes, reads back and deletes an entry; a launch that will first
 * read keys it stored before (`probe: 'read'`) only reads one: the keychain's writes cost a launch
 * 14-45 ms (three round trips to the OS keyring, a write to its file) on the way to the first
 * screen, and the launch's own reads say soon enough whether the keychain works.
 */
import { randomBytes } from 'node:crypto';
import type { KeychainStatus } from '../../common/model';
import type { Logger } from '../log';
import { KeychainError, KeytarCredentialStore, type KeytarLike } from './keytar-store';
import { KEYCHAIN_SERVICE, MemoryCredentialStore, type CredentialStore } from './store';

export { KeytarCredentialStore, KeychainError, keychainCallsSettled, type KeytarLike } from './keytar-store';
export * from './store';

export interface OpenCredentialStoreOptions {
  /** How to get keytar; tests inject a failing loader. Default: dynamic import of the optional dependency. */
  loadKeytar?: () => Promise<KeytarLike>;
  /** Keychain service name (tests use their own so they never touch real entries). */
  service?: string;
  /** How long the probe may take before the keychain counts as not answering (a locked keychain may hang). */
  probeTimeoutMs?: number;
  /** 'write' (default): write, read back and delete an entry; 'read': read one (a launch with stored keys). */
  probe?: 'write' | 'read';
}

/** keytar is an optionalDependency: a machine without libsecret must still start. */
export async function importKeytar(): Promise<KeytarLike> {
  const mod = (await import('keytar')) as KeytarLike & { default?: KeytarLike };
  return mod.default ?? mod;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The entry the read probe asks for; never written. */
const READ_PROBE = { realmUrl: 'https://probe.parley.invalid', email: 'read-probe' };

/** Reads an entry that is never written: the keychain is present and unlocked (a locked one prompts or hangs). */
async function readProbe(store: KeytarCredentialStore): Promise<void> {
  await store.get(READ_PROBE);
}

/** Writes, reads back and deletes a random entry: proves the keychain is present, unlocked and ours. */
async function probe(store: KeytarCredentialStore): Promise<void> {
  const key = { realmUrl: 'https://probe.parley.invalid', email: `probe-${randomBytes(6).toString('hex')}` };
  const value = randomBytes(16).toString('hex');
  await store.set(key, value);
  try {
    const back = await store.get(key);
    if (back !== value) throw new Error('the keychain returned a different value than was stored');
  } finally {
    await store.delete(key);
  }
}

/** The keychain's own words: KeychainError wraps them with the probe's account name, which says nothing to a user. */
function reasonOf(e: unknown): string {
  const inner = e instanceof KeychainError && e.cause !== undefined ? e.cause : e;
  return inner instanceof Error ? inner.message : String(inner);
}

/**
 * The keychain keytar talks to on `platform`, as the person knows it: Settings says where the
 * account's key is (keytar: Keychain Services, Credential Manager, libsecret).
 */
export function keychainName(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'the macOS Keychain (your login keychain)';
  if (platform === 'win32') return 'the Windows Credential Manager';
  return 'the Secret Service (GNOME Keyring or KWallet)';
}

/** The store to use for this run and what to tell the user about it. */
export async function openCredentialStore(
  log: Logger,
  opts: OpenCredentialStoreOptions = {},
): Promise<{ store: CredentialStore; status: KeychainStatus }> {
  const timeoutMs = opts.probeTimeoutMs ?? 5000;
  let stage = 'load keytar';
  try {
    const keytar = await (opts.loadKeytar ?? importKeytar)();
    const store = new KeytarCredentialStore(keytar, opts.service ?? KEYCHAIN_SERVICE);
    stage = 'use the OS keychain';
    await withTimeout(opts.probe === 'read' ? readProbe(store) : probe(store), timeoutMs, 'The OS keychain');
    log.info('Using the OS keychain for API keys');
    return { store, status: { kind: 'keychain', name: keychainName() } };
  } catch (e) {
    const reason = `Could not ${stage}: ${reasonOf(e)}`;
    log.warn(`No OS keychain available (${reason}); API keys are kept in memory for this session only`);
    return { store: new MemoryCredentialStore(), status: { kind: 'memory', reason } };
  }
}

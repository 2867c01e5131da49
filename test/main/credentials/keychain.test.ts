/**
 * The keytar store against the real OS keychain. Run it inside a D-Bus session with an
 * unlocked gnome-keyring (see .ci/run); without one it fails on purpose rather than skip.
 */
import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { forgetKeychainService } from '../../helpers/keychain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCredentialStore, type CredentialStore } from '../../../main/credentials';
import { createLogger } from '../../../main/log';

const service = `Parley-test-${randomBytes(4).toString('hex')}`;
const lines: string[] = [];
const log = createLogger({ name: 'test', sink: (l) => lines.push(l) });
let opened: Awaited<ReturnType<typeof openCredentialStore>>;

beforeAll(async () => {
  opened = await openCredentialStore(log, { service, probeTimeoutMs: 10_000 });
});

afterAll(async () => {
  if (opened.status.kind !== 'keychain') return; // nothing was written, and keytar would only fail again
  await forgetKeychainService(service);
});

/** Every test fails (never skips) when no keychain answered, with the way to run it properly. */
function keychainStore(): CredentialStore {
  if (opened.status.kind !== 'keychain') {
    throw new Error(
      `No OS keychain answered (${opened.status.reason}). Run under: dbus-run-session -- sh -c ` +
        `'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npx vitest run ...'`,
    );
  }
  return opened.store;
}

describe('keychain credential store', () => {
  it('reports the keychain and leaves no probe entry behind', async () => {
    const store = keychainStore();
    expect(opened.status).toEqual({ kind: 'keychain', name: 'the Secret Service (GNOME Keyring or KWallet)' });
    expect(store.kind).toBe('keychain');
    expect(lines.some((l) => l.includes('Using the OS keychain'))).toBe(true);
    expect(await keytar.findCredentials(service)).toEqual([]);
  });

  it('answers a read probe (a launch with stored keys) without writing anything', async () => {
    keychainStore();
    const read = await openCredentialStore(log, { service, probeTimeoutMs: 10_000, probe: 'read' });
    expect(read.status.kind).toBe('keychain');
    expect(await keytar.findCredentials(service)).toEqual([]);
  });

  it('stores, reads and deletes a secret under the agreed account name', async () => {
    const store = keychainStore();
    const key = { realmUrl: 'https://chat.example.com/', email: 'iago@example.com' };
    const secret = randomBytes(16).toString('hex');
    await store.set(key, secret);
    expect(await store.get(key)).toBe(secret);
    expect(await keytar.getPassword(service, 'api-key:iago@example.com@https://chat.example.com')).toBe(secret);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('keeps purposes and accounts apart', async () => {
    const store = keychainStore();
    const realmUrl = 'https://chat.example.com';
    await store.set({ realmUrl, email: 'a@example.com', purpose: 'api-key' }, 'key-a');
    await store.set({ realmUrl, email: 'a@example.com', purpose: 'push-secret' }, 'push-a');
    await store.set({ realmUrl, email: 'b@example.com' }, 'key-b');
    expect(await store.get({ realmUrl, email: 'a@example.com' })).toBe('key-a');
    expect(await store.get({ realmUrl, email: 'a@example.com', purpose: 'push-secret' })).toBe('push-a');
    expect(await store.get({ realmUrl: 'https://other.example.com', email: 'a@example.com' })).toBeNull();
    await store.set({ realmUrl, email: 'a@example.com' }, 'key-a2');
    expect(await store.get({ realmUrl, email: 'a@example.com' })).toBe('key-a2');
  });

  it('refuses an empty secret', async () => {
    const store = keychainStore();
    await expect(store.set({ realmUrl: 'https://x.example.com', email: 'e@example.com' }, '')).rejects.toThrow(/empty/);
  });
});

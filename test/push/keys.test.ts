/**
 * Push identities in the real OS keychain (through main/credentials' keytar store). Run inside a
 * D-Bus session with an unlocked gnome-keyring (see test/README.md); without one it fails, never skips.
 */
import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { forgetKeychainService } from '../helpers/keychain';
import nacl from 'tweetnacl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCredentialStore, type CredentialStore } from '../../main/credentials';
import { createLogger } from '../../main/log';
import { fromBase64 } from '../../main/push/base64';
import { PushError } from '../../main/push/errors';
import {
  createPushIdentity,
  ensurePushIdentity,
  forgetPushIdentity,
  loadPushIdentity,
  newPushAccountId,
  pushPublicKeyBase64,
} from '../../main/push/keys';

const service = `Parley-push-test-${randomBytes(4).toString('hex')}`;
const log = createLogger({ name: 'test', sink: () => undefined });
let opened: Awaited<ReturnType<typeof openCredentialStore>>;

beforeAll(async () => {
  opened = await openCredentialStore(log, { service, probeTimeoutMs: 10_000 });
});

afterAll(async () => {
  if (opened.status.kind !== 'keychain') return;
  await forgetKeychainService(service);
});

function keychain(): CredentialStore {
  if (opened.status.kind !== 'keychain') {
    throw new Error(
      `No OS keychain answered (${opened.status.reason}); run under dbus-run-session with gnome-keyring (test/README.md).`,
    );
  }
  return opened.store;
}

const account = (email: string) => ({ realmUrl: 'https://chat.example.com', email });

describe('push identity in the keychain', () => {
  it('creates a key pair once, stores only the secret half under purpose push-secret, and loads it back', async () => {
    const store = keychain();
    const first = await ensurePushIdentity(store, account('iago@example.com'));
    const again = await ensurePushIdentity(store, account('iago@example.com'));
    expect(again.pushAccountId).toBe(first.pushAccountId);
    expect(pushPublicKeyBase64(again)).toBe(pushPublicKeyBase64(first));

    const raw = await keytar.getPassword(service, 'push-secret:iago@example.com@https://chat.example.com');
    const stored = JSON.parse(raw ?? 'null') as { v: number; push_account_id: number; secret_key: string };
    expect(stored.v).toBe(1);
    expect(stored.push_account_id).toBe(first.pushAccountId);
    expect(Array.from(fromBase64(stored.secret_key) ?? [])).toEqual(Array.from(first.secretKey));
    expect(raw).not.toContain(pushPublicKeyBase64(first));
    // The pair really belongs together: a box to the public key opens with the stored secret.
    const nonce = nacl.randomBytes(24);
    const sender = nacl.box.keyPair();
    const boxed = nacl.box(new Uint8Array([1, 2, 3]), nonce, first.publicKey, sender.secretKey);
    expect(Array.from(nacl.box.open(boxed, nonce, sender.publicKey, again.secretKey) ?? [])).toEqual([1, 2, 3]);
  });

  it('keeps accounts apart and gives them different push account IDs', async () => {
    const store = keychain();
    const a = await ensurePushIdentity(store, account('a@example.com'));
    const b = await ensurePushIdentity(store, account('b@example.com'), [a.pushAccountId]);
    expect(b.pushAccountId).not.toBe(a.pushAccountId);
    expect(pushPublicKeyBase64(b)).not.toBe(pushPublicKeyBase64(a));
    expect(await loadPushIdentity(store, account('nobody@example.com'))).toBeNull();
  });

  it('reports a damaged entry clearly and leaves it in place', async () => {
    const store = keychain();
    const name = 'push-secret:broken@example.com@https://chat.example.com';
    for (const damaged of ['not json', '{"v":1,"push_account_id":5,"secret_key":"c2hvcnQ="}', '{"v":2}']) {
      await keytar.setPassword(service, name, damaged);
      const error = await ensurePushIdentity(store, account('broken@example.com')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PushError);
      expect((error as PushError).code).toBe('corrupt-key');
      expect((error as PushError).message).toContain('broken@example.com');
      expect(await keytar.getPassword(service, name)).toBe(damaged);
    }
  });

  it('replaces an identity on request and forgets it on sign-out', async () => {
    const store = keychain();
    const old = await ensurePushIdentity(store, account('c@example.com'));
    const fresh = await createPushIdentity(store, account('c@example.com'), [old.pushAccountId]);
    expect(fresh.pushAccountId).not.toBe(old.pushAccountId);
    expect((await loadPushIdentity(store, account('c@example.com')))?.pushAccountId).toBe(fresh.pushAccountId);
    await forgetPushIdentity(store, account('c@example.com'));
    expect(await loadPushIdentity(store, account('c@example.com'))).toBeNull();
    await expect(forgetPushIdentity(store, account('c@example.com'))).resolves.toBeUndefined();
  });
});

describe('push account IDs', () => {
  it('are positive safe integers that avoid the IDs already taken', () => {
    const taken = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const id = newPushAccountId(taken);
      expect(Number.isSafeInteger(id) && id > 0).toBe(true);
      expect(taken.has(id)).toBe(false);
      taken.add(id);
    }
  });
});

/**
 * After a whole session (sign in, first sync, send, read, encrypted push registration, a pushed
 * notification's key in use, sign out keeping the cache), the API key, the password and the push
 * private key appear nowhere they must not: not in any file of the data folder (SQLite databases,
 * WAL files, window state), not in a log line, and not in anything the core sent towards the
 * renderer. They live only in the OS keychain (real one, under a throw-away service name).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase64 } from '../../main/push/base64';
import { loadPushIdentity } from '../../main/push/keys';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { allFileBytes } from '../main/core/harness';
import { startPushCore, testKeychain, testPush, waitForPush } from '../main/push-wiring/support';
import { tempDir } from '../main/store/fixtures';

let server: RunningDevServer;
let keychain: Awaited<ReturnType<typeof testKeychain>>;
beforeAll(async () => {
  keychain = await testKeychain();
  server = await startDevServer({ seed: 'demo', args: ['--bouncer', 'inprocess', '--test-hooks'] });
});
afterAll(async () => {
  await server?.stop();
  await keychain?.cleanup();
});

describe('secrets after a full session', () => {
  it('are only in the keychain', async () => {
    const dataDir = tempDir();
    const t = await startPushCore(dataDir, keychain.store, testPush(String(server.startLine['bouncer_public_key'])));
    const member = server.byRole(400);
    const account = await t.ok('account:signIn', {
      url: server.baseUrl,
      email: member.email,
      password: member.password,
    });
    await t.waitFor('account:status', (p) => p.accountId === account.id && p.status.state === 'live');
    await waitForPush(t, account.id, (p) => p.state === 'active');
    const channelId = (await t.ok('sidebar:get', { accountId: account.id })).channels[0]!.id;
    const narrow = { kind: 'channel' as const, channelId };
    const page = await t.ok('messages:page', { accountId: account.id, narrow, anchor: 'newest', before: 30, after: 0 });
    const { localId } = await t.ok('compose:send', {
      accountId: account.id,
      to: { kind: 'channel', channelId, topic: 'secrets check' },
      content: 'nothing secret here',
    });
    await t.waitFor('messages:updated', (p) => p.messages.some((m) => m.localId === localId && m.id > 0));
    expect(page.messages.length).toBeGreaterThan(0);
    await t.ok('messages:markRead', { accountId: account.id, scope: { kind: 'channel', channelId } });

    const ref = { realmUrl: account.realmUrl, email: member.email };
    const apiKey = (await keychain.store.get(ref))!;
    const identity = (await loadPushIdentity(keychain.store, ref))!;
    await t.ok('account:signOut', { accountId: account.id, keepCache: true });
    await t.core.close();

    expect(apiKey).toMatch(/^[A-Za-z0-9]{32}$/);
    const secrets = {
      apiKey,
      basicCredential: Buffer.from(`${member.email}:${apiKey}`).toString('base64'),
      pushSecretKeyBase64: toBase64(identity.secretKey),
      pushSecretKeyHex: Buffer.from(identity.secretKey).toString('hex'),
    };
    const files = allFileBytes(dataDir);
    expect(files.some((f) => f.file.endsWith('.sqlite'))).toBe(true);
    const toRenderer = JSON.stringify(t.events);
    expect(toRenderer).toContain('nothing secret here');
    // The demo password is a plain word (also in the demo's domain): look for it as a sent field.
    for (const form of [`password=${member.password}`, `"password":"${member.password}"`]) {
      expect(t.logLines.filter((l) => l.includes(form))).toEqual([]);
      expect(toRenderer.includes(form)).toBe(false);
    }
    for (const [name, secret] of Object.entries(secrets)) {
      for (const f of files) expect(f.bytes.includes(Buffer.from(secret)), `${name} in ${f.file}`).toBe(false);
      expect(
        t.logLines.filter((l) => l.includes(secret)),
        `${name} in the log`,
      ).toEqual([]);
      expect(toRenderer.includes(secret), `${name} sent to the renderer`).toBe(false);
    }
  }, 90_000);
});

/**
 * Signing in with a key the user already has: pasted (account:signInWithKey) or in a zuliprc
 * file (account:importZuliprc). The key is proven with GET /users/me first; any failure leaves
 * no account row, no key and no cache file behind.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { Actor } from '../consistency/actor';
import { allFileBytes, startCore } from '../core/harness';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
let member: Actor;
beforeAll(async () => {
  server = await startDevServer();
  const user = server.byRole(400);
  member = await Actor.login(server.baseUrl, user.email, user.password);
});
afterAll(async () => {
  await server?.stop();
});

function zuliprc(site: string, email: string, key: string): string {
  return `[api]\nemail=${email}\nkey=${key}\nsite=${site}\n`;
}

async function expectNothingSaved(dataDir: string, credentials: MemoryCredentialStore, email: string) {
  expect(await credentials.get({ realmUrl: server.baseUrl, email })).toBeNull();
  const accounts = join(dataDir, 'accounts');
  expect(existsSync(accounts) ? readdirSync(accounts) : []).toEqual([]);
}

describe('account:signInWithKey', () => {
  it('proves the pasted key, keeps it in the credential store only, and starts syncing', async () => {
    const dataDir = tempDir();
    const credentials = new MemoryCredentialStore();
    const t = await startCore(dataDir, credentials);
    try {
      // Pasted from a web page: surrounding whitespace comes along.
      const summary = await t.ok('account:signInWithKey', {
        url: server.baseUrl,
        email: member.email,
        apiKey: `  ${member.apiKey}\n`,
      });
      expect(summary).toMatchObject({ userId: member.userId, email: member.email, realmName: server.realmName });
      expect(await credentials.get({ realmUrl: server.baseUrl, email: member.email })).toBe(member.apiKey);
      await t.waitFor('account:status', (p) => p.accountId === summary.id && p.status.state === 'live');
      await t.core.close();
      for (const f of allFileBytes(dataDir)) expect(f.bytes.includes(Buffer.from(member.apiKey)), f.file).toBe(false);
      expect(t.logLines.some((l) => l.includes(member.apiKey))).toBe(false);
    } finally {
      await t.core.close();
    }
  });

  it.each([
    ['a key of the wrong shape', 'not-a-key', 'INVALID_API_KEY'],
    ['a well-formed key the server does not know', 'A'.repeat(32), 'BAD_CREDENTIALS'],
  ])('%s: a clear error and nothing saved', async (_what, apiKey, code) => {
    const dataDir = tempDir();
    const credentials = new MemoryCredentialStore();
    const t = await startCore(dataDir, credentials);
    try {
      const r = await t.call('account:signInWithKey', { url: server.baseUrl, email: member.email, apiKey });
      expect(r.ok ? null : r.error.code).toBe(code);
      expect(r.ok ? '' : r.error.message).not.toContain(apiKey);
      expect((await t.ok('app:state', {})).accounts).toEqual([]);
      await expectNothingSaved(dataDir, credentials, member.email);
    } finally {
      await t.core.close();
    }
  });

  it('a key that belongs to someone else is refused', async () => {
    const dataDir = tempDir();
    const credentials = new MemoryCredentialStore();
    const t = await startCore(dataDir, credentials);
    try {
      const admin = server.byRole(200);
      const r = await t.call('account:signInWithKey', {
        url: server.baseUrl,
        email: admin.email,
        apiKey: member.apiKey,
      });
      expect(r.ok ? null : r.error.code).toBe('BAD_CREDENTIALS');
      await expectNothingSaved(dataDir, credentials, admin.email);
    } finally {
      await t.core.close();
    }
  });
});

describe('account:importZuliprc', () => {
  it('signs in with the [api] section of a zuliprc file (site with /api, as files in the wild have it)', async () => {
    const credentials = new MemoryCredentialStore();
    const t = await startCore(tempDir(), credentials);
    try {
      const text = `# downloaded from the web app\n${zuliprc(`${server.baseUrl}/api`, member.email, member.apiKey)}`;
      const summary = await t.ok('account:importZuliprc', { text });
      expect(summary).toMatchObject({ userId: member.userId, realmUrl: server.baseUrl });
      expect(await credentials.get({ realmUrl: server.baseUrl, email: member.email })).toBe(member.apiKey);
    } finally {
      await t.core.close();
    }
  });

  it.each([
    ['not a zuliprc at all', 'hello there', 'INVALID_ZULIPRC'],
    ['a file without a key', '[api]\nemail=a@b.c\nsite=http://127.0.0.1:1\n', 'INVALID_ZULIPRC'],
  ])('%s: INVALID_ZULIPRC and nothing saved', async (_what, text, code) => {
    const dataDir = tempDir();
    const credentials = new MemoryCredentialStore();
    const t = await startCore(dataDir, credentials);
    try {
      const r = await t.call('account:importZuliprc', { text });
      expect(r.ok ? null : r.error.code).toBe(code);
      expect(r.ok ? '' : r.error.message).toMatch(/zuliprc|\[api\]/);
      await expectNothingSaved(dataDir, credentials, member.email);
    } finally {
      await t.core.close();
    }
  });

  it('a zuliprc for a server that does not answer: UNREACHABLE, nothing saved', async () => {
    const dataDir = tempDir();
    const credentials = new MemoryCredentialStore();
    const t = await startCore(dataDir, credentials);
    try {
      // Port 9 (discard) on loopback: nothing listens there.
      const r = await t.call('account:importZuliprc', {
        text: zuliprc('http://127.0.0.1:9', member.email, member.apiKey),
      });
      expect(r.ok ? null : r.error.code).toBe('UNREACHABLE');
      await expectNothingSaved(dataDir, credentials, member.email);
    } finally {
      await t.core.close();
    }
  });
});

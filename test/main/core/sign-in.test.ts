import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCredentialStore } from '../../../main/credentials';
import { AppStore } from '../../../main/store/app-store';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';
import { allFileBytes, startCore } from './harness';

let server: RunningDevServer;
let notZulip: Server;
let notZulipUrl: string;

beforeAll(async () => {
  server = await startDevServer();
  // A web server that is not Zulip: every path answers with an HTML page.
  notZulip = createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Hello</body></html>'),
  );
  await new Promise<void>((r) => notZulip.listen(0, '127.0.0.1', r));
  notZulipUrl = `http://127.0.0.1:${(notZulip.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server?.stop();
  await new Promise((r) => notZulip?.close(r));
});

describe('account:signIn', () => {
  it('stores the key in the credential store only, saves the account row and starts syncing', async () => {
    const dataDir = tempDir();
    const credentials = new MemoryCredentialStore();
    const t = await startCore(dataDir, credentials);
    try {
      const member = server.byRole(400);
      const summary = await t.ok('account:signIn', {
        url: server.baseUrl,
        email: member.email,
        password: member.password,
      });
      expect(summary).toMatchObject({
        realmUrl: server.baseUrl,
        email: member.email,
        userId: member.userId,
        fullName: member.fullName,
      });
      expect(summary.realmName).toBe(server.realmName);
      expect(summary.featureLevel).toBeGreaterThan(0);

      const key = await credentials.get({ realmUrl: server.baseUrl, email: member.email });
      expect(key).toMatch(/\S{16,}/);
      await t.waitFor('account:status', (p) => p.accountId === summary.id && p.status.state === 'live');
      await t.waitFor('accounts:changed', (p) => p.accounts.some((a) => a.id === summary.id));
      const sidebar = await t.ok('sidebar:get', { accountId: summary.id });
      expect(sidebar.channels.length).toBeGreaterThan(0);
      expect(sidebar.users.some((u) => u.id === member.userId)).toBe(true);

      const state = await t.ok('app:state', {});
      expect(state.activeAccountId).toBe(summary.id);
      expect(state.accounts.map((a) => a.id)).toEqual([summary.id]);

      // Signing in again reuses the account instead of adding a second one.
      const again = await t.ok('account:signIn', {
        url: server.baseUrl,
        email: member.email,
        password: member.password,
      });
      expect(again.id).toBe(summary.id);
      expect((await t.ok('app:state', {})).accounts).toHaveLength(1);

      await t.core.close();
      // Neither the app database nor the account cache (nor their WAL files) contain the key.
      const files = allFileBytes(dataDir);
      expect(files.some((f) => f.file.endsWith('parley.sqlite'))).toBe(true);
      expect(files.some((f) => f.file.includes(join('accounts', summary.id)))).toBe(true);
      for (const f of files) expect(f.bytes.includes(Buffer.from(key ?? 'missing')), f.file).toBe(false);
      // Nor does any log line.
      expect(t.logLines.some((l) => l.includes(key ?? 'missing'))).toBe(false);
      expect(t.logLines.some((l) => l.includes(member.password + '"'))).toBe(false);
    } finally {
      await t.core.close();
    }
  });

  const failures: [string, () => { url: string; email: string; password: string }, string][] = [
    [
      'a wrong password',
      () => ({ url: server.baseUrl, email: server.byRole(400).email, password: 'not-the-password' }),
      'BAD_CREDENTIALS',
    ],
    // The demo seed has one deactivated member, Dana, with the shared password.
    [
      'a deactivated user',
      () => ({ url: server.baseUrl, email: 'dana@parley.example', password: server.users[0]!.password }),
      'USER_DEACTIVATED',
    ],
    [
      'an unreachable address',
      () => ({ url: 'http://127.0.0.1:9', email: 'a@b.example', password: 'hunter2-secret' }),
      'UNREACHABLE',
    ],
    [
      'a server that is not Zulip',
      () => ({ url: notZulipUrl, email: 'a@b.example', password: 'hunter2-secret' }),
      'NOT_ZULIP',
    ],
  ];
  for (const [what, args, code] of failures) {
    it(`after ${what}: a clear ${code} error and no account, key or cache left behind`, async () => {
      const dataDir = tempDir();
      const credentials = new MemoryCredentialStore();
      const t = await startCore(dataDir, credentials);
      try {
        const a = args();
        const r = await t.call('account:signIn', a);
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.error.code).toBe(code);
        expect(r.error.message.length).toBeGreaterThan(10);
        expect(r.error.message).not.toContain(a.password);
        expect((await t.ok('app:state', {})).accounts).toEqual([]);
        expect(await credentials.get({ realmUrl: a.url, email: a.email })).toBeNull();
        expect(existsSync(join(dataDir, 'accounts'))).toBe(false);
      } finally {
        await t.core.close();
      }
      const app = AppStore.open(dataDir);
      expect(app.accounts()).toEqual([]);
      app.close();
    });
  }

  it('a keychain that refuses the key leaves no account row', async () => {
    const dataDir = tempDir();
    const broken = new MemoryCredentialStore();
    broken.set = async () => {
      throw new Error('keychain locked');
    };
    const t = await startCore(dataDir, broken);
    try {
      const member = server.byRole(400);
      const r = await t.call('account:signIn', { url: server.baseUrl, email: member.email, password: member.password });
      expect(r.ok ? null : r.error.code).toBe('KEYCHAIN');
      expect((await t.ok('app:state', {})).accounts).toEqual([]);
    } finally {
      await t.core.close();
    }
  });

  it('account:signOut stops the account, forgets its key and row; the cache stays only when asked', async () => {
    const dataDir = tempDir();
    const credentials = new MemoryCredentialStore();
    const t = await startCore(dataDir, credentials);
    try {
      const member = server.byRole(300);
      const account = await t.ok('account:signIn', {
        url: server.baseUrl,
        email: member.email,
        password: member.password,
      });
      await t.waitFor('account:status', (p) => p.accountId === account.id && p.status.state === 'live');
      expect(await t.ok('account:signOut', { accountId: account.id, keepCache: true })).toBeNull();
      expect(await credentials.get({ realmUrl: account.realmUrl, email: account.email })).toBeNull();
      expect((await t.ok('app:state', {})).accounts).toEqual([]);
      await t.waitFor('accounts:changed', (p) => p.accounts.length === 0);
      expect((await t.call('sidebar:get', { accountId: account.id })).ok).toBe(false);
      expect(existsSync(join(dataDir, 'accounts', `${account.id}.sqlite`))).toBe(true);
    } finally {
      await t.core.close();
    }
  });
});

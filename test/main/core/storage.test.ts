/** Databases that cannot be used as they are: a clear error or a recovery, never a crash, never a deleted file. */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../main/core';
import { MemoryCredentialStore } from '../../../main/credentials';
import { createLogger } from '../../../main/log';
import { accountDbPath } from '../../../main/store/account-store';
import { AppStore, appDbPath } from '../../../main/store/app-store';
import { StoreError } from '../../../main/store/errors';
import { tempDir } from '../store/fixtures';
import { startCore } from './harness';

const GARBAGE = Buffer.from('definitely not SQLite '.repeat(300));

function saveAccount(dataDir: string, id: string): void {
  const app = AppStore.open(dataDir);
  app.saveAccount({
    id,
    realmUrl: 'http://127.0.0.1:9',
    email: 'ada@example.com',
    userId: 7,
    fullName: 'Ada',
    realmName: 'Nowhere',
    realmIcon: null,
    featureLevel: 420,
    createdAt: 1,
  });
  app.close();
}

describe('damaged and foreign databases', () => {
  it('moves a damaged app database aside, starts fresh and logs where the old one went', async () => {
    const dataDir = tempDir();
    writeFileSync(appDbPath(dataDir), GARBAGE);
    const t = await startCore(dataDir);
    try {
      expect((await t.ok('app:state', {})).accounts).toEqual([]);
      const aside = readdirSync(dataDir).find((f) => f.startsWith('parley.sqlite.corrupt-'));
      expect(aside).toBeDefined();
      expect(readFileSync(join(dataDir, aside!)).equals(GARBAGE)).toBe(true);
      expect(t.logLines.some((l) => l.includes('ERROR') && l.includes(aside!))).toBe(true);
    } finally {
      await t.core.close();
    }
  });

  it('refuses to start on an app database from a newer Parley, leaving it untouched', async () => {
    const dataDir = tempDir();
    const raw = new Database(appDbPath(dataDir));
    raw.pragma('user_version = 999');
    raw.close();
    const before = readFileSync(appDbPath(dataDir));
    const failure = await createCore({
      dataDir,
      credentials: new MemoryCredentialStore(),
      log: createLogger({ name: 't', sink: () => {} }),
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StoreError);
    expect((failure as StoreError).code).toBe('TOO_NEW');
    expect((failure as StoreError).message).toMatch(/newer version of Parley/);
    expect(readFileSync(appDbPath(dataDir)).equals(before)).toBe(true);
  });

  it('an account cache from a newer Parley: the account stays listed, signed out with the reason', async () => {
    const dataDir = tempDir();
    saveAccount(dataDir, 'acc1');
    mkdirSync(join(dataDir, 'accounts'), { recursive: true });
    const raw = new Database(accountDbPath(dataDir, 'acc1'));
    raw.pragma('user_version = 999');
    raw.close();
    const credentials = new MemoryCredentialStore();
    await credentials.set({ realmUrl: 'http://127.0.0.1:9', email: 'ada@example.com' }, 'k'.repeat(32));
    const t = await startCore(dataDir, credentials);
    try {
      const [account] = (await t.ok('app:state', {})).accounts;
      expect(account?.status).toEqual({
        state: 'signedOut',
        message: expect.stringMatching(/newer version of Parley/),
      });
      expect((await t.ok('sidebar:get', { accountId: 'acc1' })).channels).toEqual([]);
    } finally {
      await t.core.close();
    }
  });

  it('an account whose key is gone shows its cache and asks to sign in again; a damaged cache is set aside', async () => {
    const dataDir = tempDir();
    saveAccount(dataDir, 'acc2');
    mkdirSync(join(dataDir, 'accounts'), { recursive: true });
    writeFileSync(accountDbPath(dataDir, 'acc2'), GARBAGE);
    const t = await startCore(dataDir);
    try {
      const status = await t.waitFor('account:status', (p) => p.accountId === 'acc2');
      expect(status.status).toEqual({ state: 'signedOut', message: expect.stringContaining('Sign in again') });
      const aside = readdirSync(join(dataDir, 'accounts')).filter((f) => f.includes('.corrupt-'));
      expect(aside).toHaveLength(1);
      expect((await t.ok('sidebar:get', { accountId: 'acc2' })).accountId).toBe('acc2');
    } finally {
      await t.core.close();
    }
  });
});

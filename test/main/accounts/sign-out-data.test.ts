/**
 * What a signed-out account leaves on the computer: by default nothing (its cache of messages,
 * users and drafts is deleted with the -wal/-shm files); only when the user asks, the cache stays
 * for offline reading. And every data file is private to the user while it exists.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDbPath } from '../../../main/store/account-store';
import { appDbPath } from '../../../main/store/app-store';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { signedInCore } from '../outbox/support';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
beforeAll(async () => {
  server = await startDevServer();
});
afterAll(async () => {
  await server?.stop();
});

const mode = (path: string) => statSync(path).mode & 0o777;

describe('sign-out', () => {
  it('deletes the account cache and its WAL files by default', async () => {
    const dataDir = tempDir();
    const s = await signedInCore(server, dataDir);
    const file = accountDbPath(dataDir, s.account.id);
    expect(existsSync(file)).toBe(true);
    await s.t.ok('account:signOut', { accountId: s.account.id });
    await s.t.core.close();
    expect(readdirSync(join(dataDir, 'accounts')).filter((f) => f.startsWith(s.account.id))).toEqual([]);
  });

  it('keeps the cache when the user chose to keep it', async () => {
    const dataDir = tempDir();
    const s = await signedInCore(server, dataDir);
    await s.t.ok('account:signOut', { accountId: s.account.id, keepCache: true });
    await s.t.core.close();
    expect(existsSync(accountDbPath(dataDir, s.account.id))).toBe(true);
  });
});

describe.runIf(process.platform !== 'win32')('data file permissions', () => {
  it('creates data folders 0700 and database files (with -wal/-shm) 0600', async () => {
    const dataDir = join(tempDir(), 'Parley');
    const s = await signedInCore(server, dataDir);
    try {
      const file = accountDbPath(dataDir, s.account.id);
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'accounts'))).toBe(0o700);
      for (const f of [appDbPath(dataDir), file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(f), f).toBe(true);
        expect(mode(f), f).toBe(0o600);
      }
    } finally {
      await s.t.core.close();
    }
  });
});

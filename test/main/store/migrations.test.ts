import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/store/db';
import { StoreError } from '../../../main/store/errors';
import { readUserVersion, runMigrations, type Migration } from '../../../main/store/migrate';
import { accountMigrations } from '../../../main/store/migrations/account';
import { appMigrations } from '../../../main/store/migrations/app';
import { tempDir } from './fixtures';

const tables = (db: Database.Database): string[] =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]).filter(
    (n) => !n.startsWith('sqlite_'),
  );

describe('openDatabase + migrations', () => {
  it('creates a fresh account database in WAL mode with foreign keys and the newest schema', () => {
    const file = join(tempDir(), 'accounts', 'a.sqlite');
    const db = openDatabase(file, { migrations: accountMigrations, recoverCorrupt: false });
    expect(readUserVersion(db)).toBe(accountMigrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'messages',
        'message_ranges',
        'unreads',
        'outbox',
        'sync_state',
        'users',
        'subscriptions',
      ]),
    );
    db.close();
  });

  it('re-opens an existing file without re-running migrations and keeps its data', () => {
    const file = join(tempDir(), 'app.sqlite');
    const first = openDatabase(file, { migrations: appMigrations, recoverCorrupt: false });
    first.prepare("INSERT INTO app_settings (key, value) VALUES ('k', 'v')").run();
    first.close();
    const again = openDatabase(file, { migrations: appMigrations, recoverCorrupt: false });
    expect(again.prepare("SELECT value FROM app_settings WHERE key = 'k'").pluck().get()).toBe('v');
    expect(runMigrations(again, file, appMigrations)).toEqual([]);
    again.close();
  });

  it('refuses a database written by a newer version and leaves the file as it was', () => {
    const file = join(tempDir(), 'newer.sqlite');
    const raw = new Database(file);
    raw.pragma(`user_version = ${accountMigrations.length + 5}`);
    raw.close();
    const before = readFileSync(file);
    let caught: unknown;
    try {
      openDatabase(file, { migrations: accountMigrations, recoverCorrupt: true });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StoreError);
    expect((caught as StoreError).code).toBe('TOO_NEW');
    expect((caught as StoreError).message).toMatch(/newer version of Parley/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('rolls a failing migration back whole, so user_version stays at the last good one', () => {
    const file = join(tempDir(), 'fail.sqlite');
    const broken: Migration[] = [
      { version: 1, name: 'ok', up: (db) => db.exec('CREATE TABLE a (x INTEGER) STRICT') },
      {
        version: 2,
        name: 'half',
        up: (db) => {
          db.exec('CREATE TABLE b (x INTEGER) STRICT');
          throw new Error('boom');
        },
      },
    ];
    expect(() => openDatabase(file, { migrations: broken, recoverCorrupt: false })).toThrow(/boom/);
    const db = new Database(file);
    expect(readUserVersion(db)).toBe(1);
    expect(tables(db)).toEqual(['a']);
    db.close();
  });

  it('rejects a migration list with gaps', () => {
    const file = join(tempDir(), 'gap.sqlite');
    const gappy: Migration[] = [{ version: 2, name: 'two', up: () => {} }];
    expect(() => openDatabase(file, { migrations: gappy, recoverCorrupt: false })).toThrow(/out of order/);
  });

  it('moves a damaged file aside (keeping its bytes) and starts a fresh one', () => {
    const dir = tempDir();
    const file = join(dir, 'parley.sqlite');
    const garbage = Buffer.from('this is not a database at all, just some text that got here somehow'.repeat(100));
    writeFileSync(file, garbage);
    const recovered: StoreError[] = [];
    const db = openDatabase(file, {
      migrations: appMigrations,
      recoverCorrupt: true,
      onRecovered: (e) => recovered.push(e),
    });
    expect(readUserVersion(db)).toBe(appMigrations.length);
    db.close();
    expect(recovered).toHaveLength(1);
    const movedTo = recovered[0]?.movedTo ?? '';
    expect(movedTo).toMatch(/parley\.sqlite\.corrupt-/);
    expect(readFileSync(movedTo).equals(garbage)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('.corrupt-'))).toHaveLength(1);
  });

  it('without recovery, a damaged file is a CORRUPT error that says where the file went', () => {
    const file = join(tempDir(), 'x.sqlite');
    writeFileSync(file, Buffer.alloc(4096, 7));
    let caught: unknown;
    try {
      openDatabase(file, { migrations: appMigrations, recoverCorrupt: false });
    } catch (e) {
      caught = e;
    }
    expect((caught as StoreError).code).toBe('CORRUPT');
    expect((caught as StoreError).message).toContain('moved to');
    expect(existsSync((caught as StoreError).movedTo ?? '')).toBe(true);
    expect(existsSync(file)).toBe(false);
  });

  it('reports a file it cannot open as UNREADABLE', () => {
    const dir = tempDir();
    // A folder where the file should be cannot be opened as a database.
    const file = join(dir, 'is-a-dir.sqlite');
    openDatabase(join(file, 'inner.sqlite'), { migrations: appMigrations, recoverCorrupt: false }).close();
    let caught: unknown;
    try {
      openDatabase(file, { migrations: appMigrations, recoverCorrupt: true });
    } catch (e) {
      caught = e;
    }
    expect((caught as StoreError).code).toBe('UNREADABLE');
    expect((caught as StoreError).message).toContain(file);
  });
});

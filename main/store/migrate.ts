/**
 * Schema migrations: each one is a file under migrations/<db kind>/, numbered from 1.
 * PRAGMA user_version records the last one applied. Each migration runs in its own
 * transaction together with the user_version bump, so a crash leaves the file at a
 * known version. A file newer than this code is refused rather than guessed at.
 */
import type { Db } from './db';
import { StoreError } from './errors';

export interface Migration {
  /** 1, 2, 3... with no gaps; the file name starts with the same number. */
  version: number;
  name: string;
  up(db: Db): void;
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}

/** Checks the list is 1..n in order, so a bad merge fails loudly in tests instead of in users' files. */
function assertWellFormed(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new Error(`Migration list out of order: position ${i + 1} holds version ${m.version} (${m.name})`);
    }
  });
}

export function readUserVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Throws TOO_NEW when the file's schema is newer than any migration this code has. */
export function assertNotNewer(db: Db, file: string, migrations: readonly Migration[]): void {
  const latest = latestVersion(migrations);
  const current = readUserVersion(db);
  if (current > latest) {
    throw new StoreError(
      'TOO_NEW',
      file,
      `${file} was written by a newer version of Parley (data format ${current}; this version knows up to ${latest}). ` +
        'Update Parley to open it. The file has not been changed.',
    );
  }
}

/** Brings the database up to the newest schema; returns the versions it applied. */
export function runMigrations(db: Db, file: string, migrations: readonly Migration[]): number[] {
  assertWellFormed(migrations);
  assertNotNewer(db, file, migrations);
  const current = readUserVersion(db);
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      m.up(db);
      // user_version lives in the file header, which is written inside this transaction.
      db.pragma(`user_version = ${m.version}`);
    })();
    applied.push(m.version);
  }
  return applied;
}

/**
 * Opens one SQLite file the way every Parley database wants it: WAL (readers never wait for
 * the writer), foreign keys on, migrations applied. A damaged file is moved aside, never
 * deleted, so a person (or a later version) can still look at it.
 */
import { existsSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { StoreError } from './errors';
import { assertNotNewer, runMigrations, type Migration } from './migrate';
import { ensurePrivateDir, ensurePrivateFile } from './private-files';
import { sqliteOpenOptions } from './native-binding';
import { diagnoseFolder } from './storage-failure';

export type Db = Database.Database;

export interface OpenOptions {
  migrations: readonly Migration[];
  /** When the file is damaged: move it aside and start an empty one (true), or throw (false). */
  recoverCorrupt: boolean;
  /** Told once when a damaged file was moved aside; the app logs it. */
  onRecovered?: (error: StoreError) => void;
}

const CORRUPTION_CODES = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT']);

function sqliteCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function isCorruption(e: unknown): boolean {
  const code = sqliteCode(e);
  return CORRUPTION_CODES.has(code) || code.startsWith('SQLITE_CORRUPT');
}

/** Renames the file and its WAL/SHM companions to <file>.corrupt-<time>; returns the new main path. */
export function moveAside(file: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const target = `${file}.corrupt-${stamp}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  return target;
}

/**
 * SQLite's page cache per connection, in KiB. better-sqlite3 builds SQLite with 16 MB; a cache
 * of 100,000 messages filled it and kept it resident (core + host RSS 145-147 MB against 132-135
 * with 4 MB, rss-probe; 30,000 people's first sync peaked at 198-202 MB against 185). A page the
 * cache lacks comes from the OS's file cache, a read of microseconds: the store-messages and
 * search suites at 100k messages read the same with 4 MB as with 16 (bench/README.md, 2026-11-29).
 */
export const PAGE_CACHE_KIB = 4096;

/** Opens without recovery; every failure becomes a StoreError. */
function openOnce(file: string, migrations: readonly Migration[]): Db {
  let db: Db | undefined;
  try {
    if (file !== ':memory:') {
      ensurePrivateDir(dirname(file));
      ensurePrivateFile(file);
    }
    db = new Database(file, sqliteOpenOptions());
    // Reads the header and schema, so a file that is not SQLite fails here, before any write.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    // A newer file is refused before WAL mode rewrites its header.
    assertNotNewer(db, file, migrations);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // NORMAL is safe with WAL against app crashes; only an OS crash can lose the last commit.
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    runMigrations(db, file, migrations);
    return db;
  } catch (e) {
    db?.close();
    if (e instanceof StoreError) throw e;
    if (isCorruption(e)) {
      throw new StoreError('CORRUPT', file, `${file} is damaged or is not a Parley database.`, { cause: e });
    }
    if (file !== ':memory:' && diagnoseFolder(dirname(file)) === 'readonly') {
      // A WAL database cannot be opened at all, not even to read, where its -shm cannot be made.
      const message = `Parley's data folder ${dirname(file)} cannot be written (read-only or no permission). Make it writable and start Parley again.`;
      throw new StoreError('READ_ONLY', file, message, { cause: e });
    }
    const reason = e instanceof Error ? e.message : String(e);
    throw new StoreError('UNREADABLE', file, `Could not open ${file}: ${reason}`, { cause: e });
  }
}

/**
 * Opens (creating if needed) and migrates a database file. With recoverCorrupt, a damaged
 * file is moved aside and a fresh one takes its place; a TOO_NEW or UNREADABLE file is never touched.
 */
export function openDatabase(file: string, opts: OpenOptions): Db {
  try {
    return openOnce(file, opts.migrations);
  } catch (e) {
    if (!(e instanceof StoreError) || e.code !== 'CORRUPT') throw e;
    const movedTo = moveAside(file);
    const moved = new StoreError(
      'CORRUPT',
      file,
      `${file} was damaged and has been moved to ${movedTo}; nothing was deleted.`,
      { movedTo, cause: e.cause },
    );
    if (!opts.recoverCorrupt) throw moved;
    opts.onRecovered?.(moved);
    return openOnce(file, opts.migrations);
  }
}

/**
 * Runs a write that ends in RETURNING and gives its first row. Never `.get()` for these:
 * better-sqlite3's get() stops after the first row and resets the statement, and outside a
 * transaction the commit happens during that reset, whose error it drops. On a full disk the
 * row comes back as if written while the write is lost (seen with INSERT … RETURNING on a full
 * tmpfs). all() steps to the end, so a failed commit throws (SQLITE_FULL) as it should.
 */
export function writeReturning<R>(stmt: Database.Statement, ...params: unknown[]): R | undefined {
  return stmt.all(...params)[0] as R | undefined;
}

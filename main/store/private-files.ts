/**
 * Parley's data (message caches, drafts, window state) is readable only by the user who owns
 * it: folders 0700, files 0600. Modes are set on creation and tightened on folders and files an
 * older version created 0755/0644. Windows has no POSIX modes; its per-user profile folder
 * already keeps other users out, so nothing is done there.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, rmSync } from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
const POSIX = process.platform !== 'win32';

/**
 * Tightens a mode where the file system lets us. Some cannot (FAT or network mounts, a folder
 * another user owns): the data is no less usable there, so that is no reason to stop.
 */
function tighten(path: string, mode: number): void {
  if (!POSIX) return;
  try {
    chmodSync(path, mode);
  } catch {
    // Left as the file system keeps it.
  }
}

/** Creates `dir` (and missing parents) 0700; an existing `dir` is tightened to 0700. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes sure `file` exists with mode 0600 before SQLite opens it: SQLite gives the -wal and
 * -shm files it creates the same mode as the database file.
 */
export function ensurePrivateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) tighten(file + suffix, PRIVATE_FILE_MODE);
}

/** Deletes a SQLite file with its -wal/-shm companions (the account's cache on sign-out). */
export function removeDatabaseFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}

import { accessSync, constants, statfsSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Failures of the disk under the cache, as opposed to failures of one row. A full disk, a data
 * folder that turned read-only (a remount, a USB stick pulled, a quota) or an I/O error fail every
 * write the same way until the user acts, so callers must not skip the write and carry on as if
 * it happened: the sync loop would acknowledge events it never stored, and the outbox would echo
 * a message it never saved. They stop, say why in words, and try again later.
 */

export type StorageFailureKind = 'full' | 'readonly' | 'io';

/** better-sqlite3's SqliteError carries SQLite's extended result code name in `code`. */
function sqliteCode(e: unknown): string | null {
  if (typeof e !== 'object' || e === null) return null;
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
}

/** The kind of disk failure `e` is, or null when it is anything else (a constraint, a bug). */
export function storageFailureKind(e: unknown): StorageFailureKind | null {
  const code = sqliteCode(e);
  if (code === null) {
    // Node's own file calls (the checkpointer, private-files.ts) report errno codes.
    const errno = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : null;
    if (errno === 'ENOSPC' || errno === 'EDQUOT') return 'full';
    if (errno === 'EROFS' || errno === 'EACCES' || errno === 'EPERM') return 'readonly';
    if (errno === 'EIO') return 'io';
    return null;
  }
  if (code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_NOMEM') return code === 'SQLITE_FULL' ? 'full' : 'io';
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM') return 'readonly';
  if (code.startsWith('SQLITE_IOERR')) return 'io';
  return null;
}

const WORDS: Record<StorageFailureKind, string> = {
  full: 'The disk is full: Parley cannot save new messages. Free some space; it carries on by itself.',
  readonly:
    "Parley's data folder cannot be written (read-only or no permission): new messages are not saved. It carries on once the folder is writable again.",
  io: 'The disk reported an error while saving: new messages are not saved. Parley keeps trying.',
};

/** A sentence for the user, or null when `e` is not a disk failure. */
export function storageFailureMessage(e: unknown): string | null {
  const kind = storageFailureKind(e);
  return kind === null ? null : WORDS[kind];
}

/** Thrown in place of a disk failure so that it reaches the user with its words. */
export class StorageFailure extends Error {
  override readonly name = 'StorageFailure';
  readonly kind: StorageFailureKind;

  constructor(kind: StorageFailureKind, cause: unknown) {
    super(WORDS[kind], { cause });
    this.kind = kind;
  }

  /**
   * `e` as a StorageFailure when it is a disk failure (already or not), else null. With the
   * database file, a bare I/O error is told apart: SQLite reports a write into a read-only mount
   * or a full disk during a WAL append as SQLITE_IOERR_*, which would read as a broken disk.
   */
  static from(e: unknown, file?: string): StorageFailure | null {
    if (e instanceof StorageFailure) return e;
    const kind = storageFailureKind(e);
    if (kind === null) return null;
    return new StorageFailure(kind === 'io' && file !== undefined ? diagnoseFolder(dirname(file)) : kind, e);
  }
}

/** What is wrong with the folder a write failed in: no space left, not writable, or neither. */
export function diagnoseFolder(dir: string): StorageFailureKind {
  try {
    // access() reports EROFS for a read-only mount even to root, whom file modes do not stop.
    accessSync(dir, constants.W_OK);
  } catch {
    return 'readonly';
  }
  try {
    const fs = statfsSync(dir);
    if (fs.bavail === 0) return 'full';
  } catch {
    // No statfs on this file system: the error stays an I/O error.
  }
  return 'io';
}

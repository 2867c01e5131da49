/**
 * Disk failures under the cache, on real size-limited tmpfs mounts (these tests run as root, as
 * CI does): a write into a full disk must fail loudly (never come back as if written), and the
 * failure must be told apart as full, read-only or a plain I/O error.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { StoreError } from '../../../main/store/errors';
import { AppStore } from '../../../main/store/app-store';
import { diagnoseFolder, StorageFailure, storageFailureKind } from '../../../main/store/storage-failure';

let mount: string;
beforeEach(() => {
  mount = mkdtempSync(join(tmpdir(), 'parley-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mount]);
});
afterEach(() => {
  execFileSync('umount', ['-l', mount]);
  rmSync(mount, { recursive: true, force: true });
});

function fill(dir: string): () => void {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  try {
    for (const size of [65536, 512]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch {
        // this size no longer fits; try the smaller one
      }
    }
  } finally {
    closeSync(fd);
  }
  return () => rmSync(file);
}

const outboxRow = (localId: string) => ({
  localId,
  createdAt: 1,
  target: { kind: 'channel' as const, channelId: 1, topic: 't' },
  content: 'hello '.repeat(500),
  channelId: 1,
  topic: 't',
  dmKey: null,
});

describe('a full disk', () => {
  it('fails a queued message loudly instead of returning a row that was never written', () => {
    const store = AccountStore.open(join(mount, 'a.sqlite'));
    try {
      // An empty WAL, as after a truncating checkpoint: the next commit needs new space.
      store.db.pragma('wal_checkpoint(TRUNCATE)');
      const free = fill(mount);
      let thrown: unknown = null;
      try {
        store.outbox.add(outboxRow('lost?'));
      } catch (e) {
        thrown = e;
      }
      expect(storageFailureKind(thrown)).toBe('full');
      expect(StorageFailure.from(thrown, store.file)?.message).toMatch(/^The disk is full/);
      expect(diagnoseFolder(mount)).toBe('full');
      free();
      expect(store.outbox.get('lost?')).toBeNull();
      // With space again, the same write works and is really there.
      store.outbox.add(outboxRow('kept'));
      expect(store.outbox.unfinished().map((e) => e.localId)).toEqual(['kept']);
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      store.close();
    }
  });
});

describe('a read-only data folder', () => {
  it('is named as such, not as a damaged file, when the app database cannot be opened', () => {
    AppStore.open(mount).close();
    execFileSync('mount', ['-o', 'remount,ro', mount]);
    try {
      expect(diagnoseFolder(mount)).toBe('readonly');
      let thrown: unknown = null;
      try {
        AppStore.open(mount);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(StoreError);
      expect((thrown as StoreError).code).toBe('READ_ONLY');
      expect((thrown as StoreError).message).toContain('cannot be written');
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mount]);
    }
  });

  it('tells an I/O error from SQLite apart by the folder it happened in', () => {
    const ioError = Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' });
    expect(StorageFailure.from(ioError)?.kind).toBe('io');
    expect(StorageFailure.from(ioError, join(mount, 'x.sqlite'))?.kind).toBe('io');
    execFileSync('mount', ['-o', 'remount,ro', mount]);
    try {
      expect(StorageFailure.from(ioError, join(mount, 'x.sqlite'))?.kind).toBe('readonly');
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mount]);
    }
    expect(StorageFailure.from(Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBeNull();
    expect(StorageFailure.from(new Error('plain'))).toBeNull();
  });
});

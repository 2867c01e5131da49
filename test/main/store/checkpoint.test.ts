/**
 * The background checkpointer: the main connection stops checkpointing itself, a worker thread
 * copies the WAL into the file and forces it to start over, so a long stream of writes leaves
 * the WAL file bounded. Sizes are asserted, never times.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { cacheMessagesInChunks } from '../../../main/store/cache-messages';
import { Checkpointer, SAFETY_NET_FRAMES, type CheckpointerEvent } from '../../../main/store/checkpointer';
import { openDatabase } from '../../../main/store/db';
import { accountMigrations } from '../../../main/store/migrations/account';
import { checkpointBatch } from './checkpoint-messages';
import { tempDir } from './fixtures';

const MB = 1024 * 1024;

function walBytes(file: string): number {
  return statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
}

function autocheckpoint(store: { db: AccountStore['db'] }): unknown {
  return store.db.pragma('wal_autocheckpoint', { simple: true });
}

describe('Checkpointer', () => {
  it('keeps the WAL within twice the safety net through 100,000 messages written in chunks', async () => {
    const file = join(tempDir(), 'long.sqlite');
    const store = AccountStore.open(file);
    // The worker is up and SQLite's own checkpoints only come at the safety net.
    await vi.waitFor(() => expect(autocheckpoint(store)).toBe(SAFETY_NET_FRAMES), { timeout: 10_000 });
    let largestWal = 0;
    let largestFile = 0;
    for (let first = 1; first <= 100_000; first += 1000) {
      await cacheMessagesInChunks(store, checkpointBatch(first, 1000));
      largestWal = Math.max(largestWal, walBytes(file));
      largestFile = Math.max(largestFile, statSync(file).size);
    }
    expect(autocheckpoint(store)).toBe(SAFETY_NET_FRAMES);
    expect(store.db.prepare('SELECT count(*) FROM messages').pluck().get()).toBe(100_000);
    // Without the restarts the WAL would hold every page written (several times the database).
    expect(largestFile).toBeGreaterThan(40 * MB);
    // The safety net is ~48 MB; on a loaded machine the worker lags and the WAL overshoots a little.
    expect(largestWal).toBeLessThan(2 * SAFETY_NET_FRAMES * 4096);
    store.close();
    // The app's connection closed last, so it folded the WAL in and removed it.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = AccountStore.open(file);
    expect(reopened.db.prepare('SELECT count(*) FROM messages').pluck().get()).toBe(100_000);
    reopened.close();
  }, 300_000);

  it('reports forced restarts, and hands checkpointing back to SQLite when closed', async () => {
    const file = join(tempDir(), 'events.sqlite');
    const db = openDatabase(file, { migrations: accountMigrations, recoverCorrupt: false });
    const events: CheckpointerEvent[] = [];
    const checkpointer = new Checkpointer(db, file, { restartFrames: 64, onEvent: (e) => events.push(e) });
    await vi.waitFor(() => expect(events.map((e) => e.kind)).toContain('ready'));
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(SAFETY_NET_FRAMES);
    const insert = db.prepare(
      'INSERT INTO realm (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    const big = 'x'.repeat(3000);
    // The migrations' own frames may already have asked for a restart, answered before or (on a
    // busy machine) only after the writes below; either way a clean restart must follow them.
    const before = events.length;
    for (let i = 0; i < 400; i++) insert.run(`k${i % 50}`, `${i}${big}`);
    const afterWrites = () => events.slice(before).some((e) => e.kind === 'restart' && !e.busy);
    await vi.waitFor(() => expect(afterWrites(), JSON.stringify(events)).toBe(true), { timeout: 10_000 });
    checkpointer.close();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    // The next write starts the WAL over: it now holds only the frames of that one commit.
    // (With the worker stopped: a pass of its own at that instant would make the writer skip the restart.)
    insert.run('after', 'restart');
    const [probe] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
    expect(probe?.log).toBeGreaterThan(0);
    expect(probe?.log).toBeLessThan(10);
    expect(events.filter((e) => e.kind === 'error')).toEqual([]);
    db.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});

/**
 * The checkpointer's worker is silent while nothing is written: once the WAL is copied it sleeps
 * until the WAL file changes, instead of a pass (and the database lock) every 250 ms (issue 28
 * item 5). Counts passes, never times them.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Checkpointer, type CheckpointerEvent } from '../../../main/store/checkpointer';
import { openDatabase } from '../../../main/store/db';
import { accountMigrations } from '../../../main/store/migrations/account';
import { tempDir } from './fixtures';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the count has not moved for `quietMs` and returns it. */
async function settledPasses(checkpointer: Checkpointer, quietMs: number): Promise<number> {
  for (;;) {
    const before = checkpointer.passes;
    await sleep(quietMs);
    if (checkpointer.passes === before) return before;
  }
}

/** A fresh account database with its checkpointer ready, and a statement that commits one row. */
async function openWatched(name: string) {
  const file = join(tempDir(), `${name}.sqlite`);
  const db = openDatabase(file, { migrations: accountMigrations, recoverCorrupt: false });
  const events: CheckpointerEvent[] = [];
  const checkpointer = new Checkpointer(db, file, { restartFrames: 6144, onEvent: (e) => events.push(e) });
  await vi.waitFor(() => expect(events.map((e) => e.kind)).toContain('ready'));
  const write = db.prepare(
    "INSERT INTO realm (key, value) VALUES (?, '1') ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  );
  return { db, events, checkpointer, write };
}

describe('Checkpointer while idle', () => {
  it('runs no pass while nothing is written, and copies the next write', async () => {
    const { db, events, checkpointer, write } = await openWatched('idle');
    for (let i = 0; i < 20; i++) write.run(`idle-test-${i}`);

    // 1.5 s without a pass (longer than the 1 s a woken worker waits for writes to settle); the
    // old worker passed every 250 ms whatever happened.
    const idle = await settledPasses(checkpointer, 1500);
    expect(idle).toBeGreaterThan(0);
    await sleep(1500);
    expect(checkpointer.passes).toBe(idle);

    // A write wakes it; it goes back to sleep only once every frame is copied into the file.
    write.run('idle-test-after');
    await vi.waitFor(() => expect(checkpointer.passes).toBeGreaterThan(idle), { timeout: 10_000 });
    const afterWrite = await settledPasses(checkpointer, 1500);
    await sleep(1000);
    expect(checkpointer.passes).toBe(afterWrite);
    expect(events.filter((e) => e.kind === 'error')).toEqual([]);
    checkpointer.close();
    db.close();
  }, 60_000);

  it('copies the few commits of one incoming message with one pass, not a pass (and fsyncs) each', async () => {
    const { db, events, checkpointer, write } = await openWatched('settle');
    write.run('settle-first');
    const asleep = await settledPasses(checkpointer, 1500);
    // The message, the reader's read, the server's flag event: a few commits within a second.
    for (const key of ['message', 'read', 'flag']) {
      write.run(`settle-${key}`);
      await sleep(60);
    }
    const after = await settledPasses(checkpointer, 1500);
    // One pass copies the three; one more finds nothing new and goes back to sleep.
    expect(after - asleep).toBeGreaterThan(0);
    expect(after - asleep).toBeLessThanOrEqual(2);
    expect(events.filter((e) => e.kind === 'error')).toEqual([]);
    checkpointer.close();
    db.close();
  }, 60_000);
});

/**
 * kill -9 during a register's snapshot (issue 28 item 1): while its big lists are being staged,
 * and inside the transaction that swaps them in. Each time the account's file passes
 * `PRAGMA integrity_check` and still holds the previous snapshot whole (its people, its unreads,
 * its queue); the same snapshot then stores completely.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../main/store/fixtures';

const CHILD = join(import.meta.dirname, 'snapshot-child.ts');

/** Runs one step in a child process (`node --import tsx`: a SIGKILL ends the script's own process). */
function step(file: string, name: string): NodeJS.Signals | null {
  const run = spawnSync(process.execPath, ['--import', 'tsx', CHILD, file, name], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.signal === null && run.status !== 0) throw new Error(`${name} exited ${run.status}: ${run.stderr}`);
  return run.signal;
}

function cacheOf(file: string): { integrity: string; people: number; unread: number; queue: string | null } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }) as string,
      people: db.prepare('SELECT count(*) FROM users').pluck().get() as number,
      unread: db.prepare('SELECT total FROM unread_totals').pluck().get() as number,
      queue: db.prepare('SELECT queue_id FROM sync_state').pluck().get() as string | null,
    };
  } finally {
    db.close();
  }
}

describe('kill -9 during a snapshot', () => {
  for (const moment of ['staging', 'swap']) {
    it(`while ${moment === 'staging' ? 'staging' : 'swapping'} keeps the previous snapshot whole`, () => {
      const file = join(tempDir(), 'account.sqlite');
      expect(step(file, 'old')).toBeNull();
      const before = cacheOf(file);
      expect(before).toEqual({ integrity: 'ok', people: 3, unread: 2, queue: 'q1' });
      expect(step(file, moment)).toBe('SIGKILL');
      expect(cacheOf(file)).toEqual(before);
      expect(step(file, 'new')).toBeNull();
      expect(cacheOf(file)).toMatchObject({ integrity: 'ok', people: 20_001, unread: 2, queue: 'q2' });
    }, 120_000);
  }
});

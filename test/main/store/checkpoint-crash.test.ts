/**
 * The background checkpointer must not change what a crash can lose: a process killed with
 * SIGKILL while writing (and while its worker checkpoints) keeps every transaction it committed.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { tempDir } from './fixtures';

const CHILD = fileURLToPath(new URL('./checkpoint-crash-child.ts', import.meta.url));
// Past several forced WAL restarts (a restart comes every ~16 MB of WAL, ~10,000 of these messages).
const KILL_AFTER = 40_000;

/** Runs the writer until it has committed KILL_AFTER messages, kills it, returns the last ID it reported. */
function writeThenKill(file: string): Promise<{ lastCommitted: number; walExisted: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let lastCommitted = 0;
    let pending = '';
    let stderr = '';
    let walExisted = false;
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) lastCommitted = Number(line.replace('committed ', ''));
      if (lastCommitted >= KILL_AFTER && child.exitCode === null && !child.killed) {
        walExisted = existsSync(`${file}-wal`);
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve({ lastCommitted, walExisted });
      else reject(new Error(`the writer stopped on its own before being killed: ${stderr}`));
    });
  });
}

describe('checkpointer and crashes', () => {
  it('keeps every committed message when the writing process is killed mid-stream', async () => {
    const file = join(tempDir(), 'crash.sqlite');
    const { lastCommitted, walExisted } = await writeThenKill(file);
    expect(lastCommitted).toBeGreaterThanOrEqual(KILL_AFTER);
    // The kill left a WAL for the reopen to recover from: the case under test, not a clean close.
    expect(walExisted).toBe(true);

    const store = AccountStore.open(file);
    try {
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      const count = store.db.prepare('SELECT count(*) FROM messages WHERE id <= ?').pluck().get(lastCommitted);
      expect(count).toBe(lastCommitted);
      const unread = store.db.prepare('SELECT count(*) FROM unreads WHERE message_id <= ?').pluck().get(lastCommitted);
      expect(unread).toBe(Math.floor(lastCommitted / 3));
      // Transactions are whole: whatever landed after the last report is a whole 200-message chunk.
      const total = store.db.prepare('SELECT count(*) FROM messages').pluck().get() as number;
      expect(total % 200).toBe(0);
    } finally {
      store.close();
    }
  }, 180_000);
});

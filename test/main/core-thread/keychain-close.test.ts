/**
 * Closing the core thread while it talks to the OS keychain (the ui bench once aborted with
 * keytar's "terminate called after throwing an instance of 'Napi::Error'", issue 28 item 6): a
 * worker thread ended with a keytar call in flight takes the whole process down, so the core
 * waits for its keychain calls before the thread is ended. Run in a child process, which is what
 * would abort.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./keychain-close-child.ts', import.meta.url));
const ROUNDS = 8;

describe('closing the core thread right after it was handed a window picture', () => {
  it('waits for its keychain calls instead of aborting the process', async () => {
    const service = `Parley-keychain-close-${randomBytes(4).toString('hex')}`;
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD, String(ROUNDS), service]);
    const { stdout } = await run;
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({ closed: ROUNDS });
  }, 180_000);
});

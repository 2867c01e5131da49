/**
 * The core's process runs with a smaller heap growing factor (main/core-thread/heap-flags.ts).
 * V8's setFlagsFromString ignores a flag it does not know, so a misspelling would silently undo
 * the saving; V8 on the command line refuses one, which is what this checks. The memory it saves
 * is measured by the bench (huge-browse and app suites).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CORE_HEAP_FLAGS } from '../../../main/core-thread/heap-flags';

const runNodeWith = (flags: string[]) => spawnSync(process.execPath, [...flags, '-e', '0'], { encoding: 'utf8' });

describe('the core heap flags', () => {
  it('are flags this V8 knows', () => {
    const run = runNodeWith(CORE_HEAP_FLAGS.split(' '));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('would be caught if misspelled', () => {
    const run = runNodeWith(CORE_HEAP_FLAGS.split(' ').map((f) => f.replace('=', 'x=')));
    expect(run.stderr).toMatch(/bad option/);
    expect(run.status).not.toBe(0);
  });
});

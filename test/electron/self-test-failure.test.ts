/** --self-test failing: see self-test-support.ts. */
import { describe, expect, it } from 'vitest';
import { selfTest } from './self-test-support';

describe('--self-test', () => {
  it('exits non-zero with the reason on one line when sign-in fails', async () => {
    const run = await selfTest('not the password');
    expect(run.exit).toBe(1);
    expect(run.lines.find((l) => l.startsWith('self-test failed:'))).toMatch(/sign-in to .* failed/);
  }, 60_000);
});

/** --self-test passing: see self-test-support.ts. */
import { describe, expect, it } from 'vitest';
import { selfTest, server } from './self-test-support';

describe('--self-test', () => {
  it('signs in, syncs, sees a rendered message list and exits 0, with the window never shown', async () => {
    const run = await selfTest(server.byRole(100).password);
    expect(run.lines.join('\n')).toMatch(/self-test passed: signed in to .*, synced, \d+ message rows rendered/);
    expect(run.exit).toBe(0);
    expect(run.windows).toHaveLength(1);
    // createMainWindow never registers a ready-to-show listener that would show it.
    expect(run.windows[0]!.emitter.listenerCount('ready-to-show')).toBe(0);
  }, 60_000);
});

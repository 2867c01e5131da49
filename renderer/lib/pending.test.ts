import { describe, expect, it } from 'vitest';
import { BridgeError } from './bridge';
import { Pending } from './pending.svelte';

describe('Pending', () => {
  it('is busy while the action runs and reports success', async () => {
    const pending = new Pending();
    let seenBusy = false;
    const ok = await pending.run(async () => {
      seenBusy = pending.busy;
    });
    expect(seenBusy).toBe(true);
    expect(ok).toBe(true);
    expect(pending.busy).toBe(false);
    expect(pending.error).toBeNull();
  });

  it('turns a failure into error text and clears it on the next run', async () => {
    const pending = new Pending();
    const ok = await pending.run(() =>
      Promise.reject(new BridgeError({ code: 'UNREACHABLE', message: 'connect ECONNREFUSED' })),
    );
    expect(ok).toBe(false);
    expect(pending.error).toContain('Could not reach that server');
    expect(pending.busy).toBe(false);
    await pending.run(async () => undefined);
    expect(pending.error).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { BridgeError } from './bridge';
import { Pending } from './pending.svelte';

const unreachable = (): Promise<never> =>
  Promise.reject(new BridgeError({ code: 'UNREACHABLE', message: 'connect ECONNREFUSED' }));

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
    const ok = await pending.run(unreachable);
    expect(ok).toBe(false);
    expect(pending.error).toContain('Could not reach that server');
    expect(pending.busy).toBe(false);
    await pending.run(async () => undefined);
    expect(pending.error).toBeNull();
  });

  it("keeps the title and main's detail apart, and the error code", async () => {
    const pending = new Pending();
    await pending.run(unreachable);
    expect(pending.problem).toEqual({
      title: 'Could not reach that server. Check the address and your network connection.',
      detail: 'connect ECONNREFUSED',
    });
    expect(pending.code).toBe('UNREACHABLE');
    expect(pending.error).toBe(`${pending.problem?.title} connect ECONNREFUSED`);
    await pending.run(() => Promise.reject(new Error('boom')));
    expect(pending.code).toBeNull();
  });

  it('says what a success did, from a fixed text or the result', async () => {
    const pending = new Pending();
    await pending.run(async () => undefined, 'Color saved.');
    expect(pending.done).toBe('Color saved.');
    await pending.run(
      async () => 3,
      (count) => `Marked ${count} messages as read.`,
    );
    expect(pending.done).toBe('Marked 3 messages as read.');
    await pending.run(unreachable, 'never shown');
    expect(pending.done).toBeNull();
  });

  it('shows a problem found before running, replacing the last success', async () => {
    const pending = new Pending();
    await pending.run(async () => undefined, 'Saved.');
    pending.error = 'Enter a name.';
    expect(pending.problem).toEqual({ title: 'Enter a name.', detail: null });
    expect(pending.done).toBeNull();
    pending.error = null;
    expect(pending.problem).toBeNull();
  });

  it('gives the reason a button is disabled only while the action runs', async () => {
    const pending = new Pending();
    expect(pending.whyBusy).toBeUndefined();
    let finish = (): void => undefined;
    const running = pending.run(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(pending.whyBusy).toBe('Waiting for the server…');
    finish();
    await running;
    expect(pending.whyBusy).toBeUndefined();
  });
});

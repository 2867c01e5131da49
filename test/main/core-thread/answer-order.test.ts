/**
 * The main thread's side of the core thread (remote-core.ts) with a stand-in worker that answers a
 * call and, in the same batch, sends an event emitted after the answer was built. The caller's
 * code after `await dispatch` must run before that event reaches a subscriber: the sidebar's
 * load stored a sidebar:get answer after the delta that followed it, and lost the delta.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startCoreThread, type RemoteCore } from '../../../main/core-thread';
import { createLogger } from '../../../main/log';

const entry = fileURLToPath(new URL('./fixtures/answer-then-event-worker.mjs', import.meta.url));
let core: RemoteCore | null = null;

afterEach(async () => {
  await core?.close();
  core = null;
});

describe('the core thread’s answers and the events after them', () => {
  it('reach the caller first, then the subscribers', async () => {
    core = await startCoreThread(
      { dataDir: '/nonexistent-stand-in' },
      { entry, log: createLogger({ name: 'main-thread', level: 'error' }), execArgv: [] },
    );
    const order: string[] = [];
    const heard = new Promise<void>((resolve) =>
      core!.subscribe((name) => {
        order.push(`event ${name}`);
        resolve();
      }),
    );
    const value = await (async () => {
      const result = await core!.dispatch('sidebar:get', { accountId: 'a' });
      order.push('answer stored');
      return result;
    })();
    await heard;
    expect(value).toEqual({ ok: true, value: 'answer' });
    expect(order).toEqual(['answer stored', 'event sidebar:delta']);
  });
});

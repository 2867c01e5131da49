/**
 * The frames of one turn of the host's event loop go to the page as one WebSocket message, in
 * order; a lone frame goes as it is; the next turn starts a new message (issue 28 item 2).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ServerFrame, SingleServerFrame } from '../../common/ipc/wire';
import { createFrameBatcher } from '../../main/host/frame-batcher';

const event = (accountId: string): SingleServerFrame => ({
  t: 'event',
  name: 'account:status',
  payload: { accountId, status: { state: 'live' } },
});
const result = (id: number): SingleServerFrame => ({ t: 'result', id, result: { ok: true, value: null } });

function collect() {
  const sent: ServerFrame[] = [];
  return { sent, batcher: createFrameBatcher((text) => sent.push(JSON.parse(text) as ServerFrame)) };
}

describe('frame batcher', () => {
  it('sends the frames of one turn as one batch, in order, answers included', async () => {
    const { sent, batcher } = collect();
    batcher.push(event('a'));
    batcher.push(event('b'));
    batcher.push(result(3));
    expect(sent).toEqual([]);
    await nextTurn();
    expect(sent).toEqual([{ t: 'batch', frames: [event('a'), event('b'), result(3)] }]);
  });

  it('sends a lone frame unwrapped, and the next turn as its own message', async () => {
    const { sent, batcher } = collect();
    batcher.push(result(1));
    await nextTurn();
    batcher.push(event('c'));
    await nextTurn();
    expect(sent).toEqual([result(1), event('c')]);
  });

  it('flushes at once when asked, and then has nothing left to send', async () => {
    const { sent, batcher } = collect();
    batcher.push(event('a'));
    batcher.push(event('b'));
    batcher.flush();
    expect(sent).toHaveLength(1);
    await nextTurn();
    expect(sent).toHaveLength(1);
  });
});

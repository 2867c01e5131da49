/**
 * app:wake (the network came back, the computer woke): a long-poll that hangs, as one begun
 * before a sleep does on a dead connection, is given up and the queue asked again at once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { faults, type FaultControl } from '../../helpers/devserverFaults';
import { startTwoMembers, type TwoMembers } from '../messages/two-members';
import { sendToChannel } from './http';

let w: TwoMembers;
let fault: FaultControl;

beforeAll(async () => {
  w = await startTwoMembers({ faults: true });
  fault = faults(w.server);
});
afterAll(async () => {
  await fault?.clear();
  await w?.stop();
});

async function untilFired(id: number): Promise<void> {
  for (;;) {
    const rule = (await fault.list()).find((armed) => armed.id === id);
    if (!rule || rule.fired >= 1) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('gives up a hanging long-poll and gets the missed message at once', async () => {
  const { server, t, other, channelId } = w;
  const armed = await fault.hangNext(1, { pathPrefix: '/api/v1/events' });
  // This message ends the poll under way (if any); the core's next poll is the one that hangs.
  await sendToChannel(server.baseUrl, other, channelId, 'wake test', 'before the sleep');
  await untilFired(armed.id);

  const second = await sendToChannel(server.baseUrl, other, channelId, 'wake test', 'while asleep');
  // Still hanging: nothing arrives on its own.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(
    t.events.some((e) => e.name === 'messages:added' && JSON.stringify(e.payload).includes(`"id":${second}`)),
  ).toBe(false);

  t.core.receive('app:wake', {});
  await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === second));
  expect(t.logLines.some((l) => l.includes('woken: asking the event queue again now'))).toBe(true);
});

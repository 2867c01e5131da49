/**
 * A message that arrives while the event queue is lost comes with no event. Once the new queue
 * is registered it must still reach the lists (messages:added) and ring (notify:show), whether or
 * not its conversation is open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { FaultControl } from '../../helpers/devserverFaults';
import { Actor } from '../consistency/actor';
import { signedInCore } from '../outbox/support';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
beforeAll(async () => {
  server = await startDevServer({ faults: true });
});
afterAll(async () => {
  await server?.stop();
});

describe('messages that arrive while the event queue is lost', () => {
  it('are fetched, shown and announced after the new queue is registered', async () => {
    // Registration waits at a gate, so the message surely lands between the two queues.
    let openGate!: () => void;
    let gate: Promise<void> | null = null;
    let waitingAtGate!: () => void;
    const reachedGate = new Promise<void>((resolve) => (waitingAtGate = resolve));
    const gated: typeof fetch = async (input, init) => {
      if (gate && String(input).endsWith('/api/v1/register')) {
        waitingAtGate();
        await gate;
      }
      return fetch(input, init);
    };
    const member = server.byRole(400);
    const s = await signedInCore(server, tempDir(), { fetch: gated, email: member.email });
    try {
      gate = new Promise<void>((resolve) => (openGate = resolve));
      await new FaultControl(server.baseUrl).expireQueues({ userId: s.me.userId });
      await reachedGate;

      const other = server.users.find((u) => u.role === 400 && u.email !== member.email)!;
      const sender = await Actor.login(server.baseUrl, other.email, other.password);
      const id = await sender.sendDm([s.me.userId], 'are you there? (sent while your queue was gone)');
      openGate();

      const added = await s.t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === id), 15_000);
      expect(added.accountId).toBe(s.account.id);
      const shown = await s.t.waitFor('notify:show', (p) => p.body.includes('are you there?'), 15_000);
      expect(shown.narrow).toEqual({ kind: 'dm', userIds: [sender.userId] });
    } finally {
      await s.t.core.close();
    }
  }, 60_000);
});

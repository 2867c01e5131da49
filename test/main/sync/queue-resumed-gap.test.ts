/**
 * Issue 23, case 4: a run that resumed the previous run's event queue (a quick restart, an update
 * relaunch) never registered, so it did not know the newest message: when that queue was lost
 * later, the gap was taken for a cold start and its messages never rang. They must ring.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { FaultControl } from '../../helpers/devserverFaults';
import { Actor } from '../consistency/actor';
import { startCore } from '../core/harness';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
beforeAll(async () => {
  server = await startDevServer({ faults: true });
});
afterAll(async () => {
  await server?.stop();
});

describe('a run that resumed the last run’s event queue', () => {
  it('announces the messages of a later gap', async () => {
    const member = server.byRole(400);
    const peer = server.users.find((u) => u.role === 400 && u.email !== member.email)!;
    const sender = await Actor.login(server.baseUrl, peer.email, peer.password);
    const dataDir = tempDir();
    const credentials = new MemoryCredentialStore();

    // The first run registers a queue and quits; the server keeps the queue.
    const first = await startCore(dataDir, credentials);
    const account = await first.ok('account:signIn', {
      url: server.baseUrl,
      email: member.email,
      password: member.password,
    });
    await first.waitFor('account:status', (p) => p.status.state === 'live');
    await first.core.close();

    let openGate!: () => void;
    let gate: Promise<void> | null = null;
    let registers = 0;
    let waitingAtGate!: () => void;
    const reachedGate = new Promise<void>((resolve) => (waitingAtGate = resolve));
    const gated: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/api/v1/register')) {
        registers++;
        if (gate) {
          waitingAtGate();
          await gate;
        }
      }
      return fetch(input, init);
    };
    const second = await startCore(dataDir, credentials, { fetch: gated });
    try {
      // The resumed queue answers with the next event: no register happened.
      const hello = await sender.sendDm([member.userId], 'hello again');
      await second.waitFor('messages:added', (p) => p.messages.some((m) => m.id === hello), 15_000);
      expect(registers).toBe(0);

      gate = new Promise<void>((resolve) => (openGate = resolve));
      await new FaultControl(server.baseUrl).expireQueues({ userId: member.userId });
      await reachedGate;
      const id = await sender.sendDm([member.userId], 'sent while the resumed queue was gone');
      openGate();

      await second.waitFor('messages:added', (p) => p.messages.some((m) => m.id === id), 15_000);
      const shown = await second.waitFor('notify:show', (p) => p.body.includes('resumed queue was gone'), 15_000);
      expect(shown.accountId).toBe(account.id);
    } finally {
      await second.core.close();
    }
  }, 60_000);
});

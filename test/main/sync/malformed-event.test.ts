/**
 * One event the client cannot read must not cost the whole GET /events answer (which used to fail
 * the poll and force a new queue): it is skipped and logged, the others are applied and the
 * queue goes on. The dev server's answer is corrupted on its way in, as a buggy server would send it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { Actor } from '../consistency/actor';
import { signedInCore } from '../outbox/support';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
beforeAll(async () => {
  server = await startDevServer();
});
afterAll(async () => {
  await server?.stop();
});

type Obj = Record<string, unknown>;

describe('a malformed event in a GET /events answer', () => {
  it('is skipped and logged; the queue and the other events carry on', async () => {
    let registers = 0;
    const corrupting: typeof fetch = async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/v1/register')) registers++;
      const res = await fetch(input, init);
      if (!url.includes('/api/v1/events?')) return res;
      const body = (await res.json()) as Obj;
      for (const ev of (body['events'] as Obj[] | undefined) ?? []) {
        const message = ev['message'] as Obj | undefined;
        // The poisoned message loses a field every message event has.
        if (ev['type'] === 'message' && String(message?.['content']).includes('poison')) delete message!['sender_id'];
      }
      return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
    };
    const s = await signedInCore(server, tempDir(), { fetch: corrupting });
    try {
      const other = server.users.find((u) => u.role === 400 && u.email !== s.account.email)!;
      const sender = await Actor.login(server.baseUrl, other.email, other.password);
      const poison = await sender.sendDm([s.me.userId], 'poison pill');
      const fine = await sender.sendDm([s.me.userId], 'all is fine');

      await s.t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === fine), 15_000);
      expect(s.t.logLines.some((l) => l.includes('malformed event skipped') && l.includes('sender_id'))).toBe(true);
      expect(s.t.logLines.some((l) => l.includes('poison pill'))).toBe(false);
      expect(
        s.t.events.some((e) => e.name === 'messages:added' && JSON.stringify(e.payload).includes(`"id":${poison}`)),
      ).toBe(false);
      expect(registers).toBe(1);
      expect(s.t.logLines.some((l) => l.includes('sync request failed'))).toBe(false);
    } finally {
      await s.t.core.close();
    }
  }, 60_000);
});

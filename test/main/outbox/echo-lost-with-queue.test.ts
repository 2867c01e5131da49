/**
 * A send the server took whose message event was lost with the event queue: the laptop sleeps
 * just after the answer came, before the poll brought the event back, and the server drops the
 * idle queue. The next register must settle the row (the server has the message), once, and not
 * send it again. Seen as a race in test/reliability/fault-processes.test.ts when the answer came
 * quickly enough to land between the fault's clearing and the queue's expiry: the register's
 * "live" started an outbox run, and the register's reconciling flush, made as that run ended but
 * before its promise settled, was swallowed (outbox.ts `flush`).
 */
import { expect, it } from 'vitest';
import { confirmed, ownInTopic, signedInCore, useFaultyServer } from './support';
import type { TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';

const open: TestCore[] = [];
const env = useFaultyServer(open);

it('a sent message whose event was lost with the queue is settled after the new register, not sent again', async () => {
  const s = await signedInCore(env.server, tempDir());
  open.push(s.t);
  const topic = 'echo lost with the queue';
  // The poll that would bring the message event back never answers.
  await env.faults.hangNext(1, { pathPrefix: '/api/v1/events' });
  // Let the held poll reach the server before the send.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const { localId } = await s.t.ok('compose:send', {
    accountId: s.account.id,
    to: { kind: 'channel', channelId: s.channelId, topic },
    content: 'sent just before the lid closed',
  });
  // The server took it: the outbox knows its id and waits for the event.
  for (let waited = 0; !s.t.logLines.some((l) => l.includes('message sent')); waited += 20) {
    if (waited > 10_000) throw new Error('the send did not go out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // The queue (holding the event with our local_id) is dropped; the held poll fails.
  await env.faults.expireQueues({ userId: s.me.userId });
  await env.faults.clear();
  const view = await confirmed(s.t, localId, 20_000);

  expect(await ownInTopic(s.me, s.channelId, topic)).toEqual([{ id: view.id, content: 'sent just before the lid closed' }]);
  expect(s.t.logLines.some((l) => l.includes('sending again'))).toBe(false);
}, 60_000);

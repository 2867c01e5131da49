/** The event queue against the real dev server: register, long-poll, another user's message, queue loss. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiError } from '../../../main/api/errors';
import { deleteQueue, eventsTimeoutMs, getEvents, registerQueue } from '../../../main/api/routes/events';
import { sendMessage } from '../../../main/api/routes/messages';
import type { ApiClient } from '../../../main/api/client';
import type { RegisterResponse } from '../../../main/api/schemas/register';
import { User } from '../../../main/api/schemas/user';
import type { MessageEvent, ZulipEvent } from '../../../main/api/schemas/events';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { signIn, twoHumans, type SignedIn } from './signed-in';

let dev: RunningDevServer;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  // A short long-poll so an idle poll ends with a heartbeat quickly.
  dev = await startDevServer({ seed: 'demo', args: ['--longpoll-timeout-seconds', '1'] });
  const [a, b] = twoHumans(dev);
  [alice, bob] = await Promise.all([signIn(dev, a), signIn(dev, b)]);
});
afterAll(async () => {
  await dev?.stop();
});

/** Polls until an event matches (or 10 polls pass), advancing last_event_id like the sync loop. */
async function pollUntil(
  client: ApiClient,
  reg: RegisterResponse,
  match: (e: ZulipEvent) => boolean,
): Promise<{ found: ZulipEvent; seen: ZulipEvent[] }> {
  let last = reg.last_event_id;
  const seen: ZulipEvent[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await getEvents(
      client,
      { queue_id: reg.queue_id!, last_event_id: last },
      { timeoutMs: eventsTimeoutMs(reg.longpollTimeoutSeconds) },
    );
    for (const e of res.events) {
      seen.push(e);
      last = Math.max(last, e.id);
      if (match(e)) return { found: e, seen };
    }
  }
  throw new Error(`no matching event; saw ${seen.map((e) => e.type).join(', ')}`);
}

describe('registerQueue', () => {
  it('returns a queue, the feature level and the requested initial data', async () => {
    const reg = await registerQueue(alice.client, {
      event_types: ['message', 'update_message_flags', 'subscription', 'realm_user'],
      fetch_event_types: ['message', 'update_message_flags', 'subscription', 'realm_user', 'realm'],
      apply_markdown: true,
      client_gravatar: false,
    });
    expect(reg.queue_id).toEqual(expect.any(String));
    expect(reg.featureLevel).toBe(420);
    expect(reg.longpollTimeoutSeconds).toBe(1);
    expect(reg.user_id).toBe(alice.userId);
    expect(reg.subscriptions?.length).toBeGreaterThan(0);
    // Register leaves people unchecked (the snapshot checks them a slice at a time): checked here.
    expect(
      z
        .array(User)
        .parse(reg.realm_users)
        .map((u) => u.user_id),
    ).toContain(bob.userId);
    expect(reg.unread_msgs).toBeDefined();
    await deleteQueue(alice.client, reg.queue_id!);
  });
});

describe('getEvents', () => {
  it('delivers a direct message another user sends', async () => {
    const reg = await registerQueue(alice.client, { event_types: ['message'], apply_markdown: true });
    const content = `Lunch at noon? ${Date.now()}`;
    const sent = await sendMessage(bob.client, { type: 'direct', to: [alice.userId], content }, reg.featureLevel);
    const { found } = await pollUntil(alice.client, reg, (e) => e.type === 'message' && e.message.id === sent.id);
    const ev = found as MessageEvent;
    expect(ev.message.sender_id).toBe(bob.userId);
    expect(ev.message.content).toContain('Lunch at noon?');
    expect(ev.message.type).toBe('private');
    expect(ev.flags).not.toContain('read');
  });

  it('echoes local_id to the sending queue', async () => {
    const reg = await registerQueue(alice.client, { event_types: ['message'] });
    const sent = await sendMessage(
      alice.client,
      { type: 'direct', to: [bob.userId], content: 'echo me', queue_id: reg.queue_id!, local_id: 'local-7' },
      reg.featureLevel,
    );
    const { found } = await pollUntil(alice.client, reg, (e) => e.type === 'message' && e.message.id === sent.id);
    expect((found as MessageEvent).local_id).toBe('local-7');
  });

  it('ends an idle long-poll with a heartbeat', async () => {
    const reg = await registerQueue(alice.client, { event_types: ['message'] });
    const { found } = await pollUntil(alice.client, reg, (e) => e.type === 'heartbeat');
    expect(found.id).toBeGreaterThan(reg.last_event_id);
  });

  it('answers BAD_EVENT_QUEUE_ID for an unknown or deleted queue', async () => {
    const unknown = await getEvents(alice.client, {
      queue_id: 'no-such-queue',
      last_event_id: -1,
      dont_block: true,
    }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ApiError);
    expect((unknown as ApiError).code).toBe('BAD_EVENT_QUEUE_ID');
    expect((unknown as ApiError).httpStatus).toBe(400);
    expect((unknown as ApiError).extra['queue_id']).toBe('no-such-queue');

    const reg = await registerQueue(alice.client, { event_types: ['message'] });
    await deleteQueue(alice.client, reg.queue_id!);
    const deleted = await getEvents(alice.client, {
      queue_id: reg.queue_id!,
      last_event_id: -1,
      dont_block: true,
    }).catch((e: unknown) => e);
    expect((deleted as ApiError).code).toBe('BAD_EVENT_QUEUE_ID');
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { login, sendToChannel, type Api, type Obj } from './support';

type Event = Obj;
let server: RunningDevServer;
let owner: Api & { userId: number; email: string };
let member: Api & { userId: number; email: string };

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo', args: ['--heartbeat-seconds', '2'] });
  owner = await login(server, server.byRole(100));
  member = await login(server, server.byRole(400));
});
afterAll(() => server.stop());

async function register(api: Api, params: Record<string, unknown> = {}): Promise<string> {
  const body = await api.ok('POST', '/register', {
    fetch_event_types: ['message'],
    ...(params as Record<string, never>),
  });
  expect(body['last_event_id']).toBe(-1);
  return body['queue_id'];
}

async function poll(
  api: Api,
  queueId: string,
  lastEventId: number,
  dontBlock: boolean,
  signal?: AbortSignal,
): Promise<Event[]> {
  const body = await api.ok(
    'GET',
    '/events',
    { queue_id: queueId, last_event_id: lastEventId, dont_block: dontBlock },
    signal ? { signal } : {},
  );
  expect(body['queue_id']).toBe(queueId);
  return body['events'];
}

describe('GET /events long-polling', () => {
  it('returns as soon as another user sends, with the message and the receiver flags', async () => {
    const queue = await register(owner, { apply_markdown: true });
    expect(await poll(owner, queue, -1, true)).toEqual([]);
    const pending = poll(owner, queue, -1, false);
    await sleep(100); // let the poll reach the server and wait there
    const id = await sendToChannel(member, 'general', 'events', 'wake up');
    const events = await pending;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'message',
      id: 0,
      flags: [],
      message: { id, sender_id: member.userId, content: '<p>wake up</p>', content_type: 'text/html' },
    });
    // As on Zulip, the receiver's flags travel beside the message object, not inside it.
    expect(events[0]?.['message']).not.toHaveProperty('flags');
    expect(events[0]).not.toHaveProperty('local_message_id');
  });

  it('delivers a heartbeat when the poll times out, acknowledged like any event', async () => {
    const queue = await register(owner, { event_types: ['message'] });
    const events = await poll(owner, queue, -1, false);
    expect(events).toEqual([{ type: 'heartbeat', id: 0 }]);
    expect(await poll(owner, queue, 0, true)).toEqual([]);
  });

  it('keeps events until acknowledged by last_event_id', async () => {
    const queue = await register(owner);
    await sendToChannel(member, 'general', 'events', 'one');
    await sendToChannel(member, 'general', 'events', 'two');
    const both = await poll(owner, queue, -1, true);
    expect(both.map((e) => e['id'])).toEqual([0, 1]);
    expect((await poll(owner, queue, -1, true)).map((e) => e['id'])).toEqual([0, 1]);
    expect((await poll(owner, queue, 0, true)).map((e) => e['id'])).toEqual([1]);
    expect(await poll(owner, queue, 1, true)).toEqual([]);
  });

  it('gives local_id only to the queue named by queue_id', async () => {
    const echoQueue = await register(member);
    const otherClient = await register(member);
    const receiver = await register(owner);
    const id = await sendToChannel(member, 'general', 'echo', 'local echo', {
      queue_id: echoQueue,
      local_id: 'draft-42',
      read_by_sender: true,
    });
    // Starting the topic also follows it for the sender (a user_topic event first), so pick the message.
    const onlyMessages = (events: Event[]): Event[] => events.filter((e) => e['type'] === 'message');
    const [echo] = onlyMessages(await poll(member, echoQueue, -1, true));
    const [other] = onlyMessages(await poll(member, otherClient, -1, true));
    const [received] = await poll(owner, receiver, -1, true);
    expect(echo).toMatchObject({
      type: 'message',
      local_message_id: 'draft-42',
      local_id: 'draft-42',
      flags: ['read'],
      message: { id },
    });
    expect(other).toMatchObject({ type: 'message', flags: ['read'], message: { id } });
    expect(other).not.toHaveProperty('local_message_id');
    expect(received).toMatchObject({ type: 'message', flags: [], message: { id } });
    expect(received).not.toHaveProperty('local_id');
  });

  it('shapes each queue: event_types filter, Markdown source by default, legacy narrow', async () => {
    const noMessages = await register(owner, { event_types: ['realm_user'] });
    const markdown = await register(owner);
    const engineeringOnly = await register(owner, { narrow: [['channel', 'engineering']] });
    await sendToChannel(member, 'general', 'shape', '**bold**');
    const engineering = await sendToChannel(member, 'engineering', 'shape', 'in engineering');
    expect(await poll(owner, noMessages, -1, true)).toEqual([]);
    const [source] = await poll(owner, markdown, -1, true);
    expect(source!['message']).toMatchObject({ content: '**bold**', content_type: 'text/x-markdown' });
    expect((await poll(owner, engineeringOnly, -1, true)).map((e) => e['message']['id'])).toEqual([engineering]);
  });

  it('all_public_streams queues see public channels the user is not in', async () => {
    const reg = await owner.ok('POST', '/register', { fetch_event_types: ['subscription'], all_public_streams: true });
    const outside = reg['never_subscribed'].find((c: Event) => !c['invite_only']);
    const normal = await register(owner);
    const id = await sendToChannel(member, outside['name'], 'public', 'everyone may read this');
    expect((await poll(owner, reg['queue_id'], -1, true)).map((e) => e['message']['id'])).toEqual([id]);
    expect(await poll(owner, normal, -1, true)).toEqual([]);
  });

  it('releases a poll abandoned by its client: no stray heartbeat, later events still arrive', async () => {
    const queue = await register(owner);
    const aborter = new AbortController();
    const abandoned = poll(owner, queue, -1, false, aborter.signal).catch((error: unknown) => error);
    await sleep(100);
    aborter.abort();
    expect(await abandoned).toBeInstanceOf(Error);
    // A leaked waiter would still fire its heartbeat timer (2 s here) into the queue.
    await sleep(2500);
    expect(await poll(owner, queue, -1, true)).toEqual([]);
    const id = await sendToChannel(member, 'general', 'events', 'after the abort');
    expect((await poll(owner, queue, -1, true)).map((e) => e['message']['id'])).toEqual([id]);
  });

  it('GET /events without queue_id registers a queue on the spot', async () => {
    const body = await owner.ok('GET', '/events', { dont_block: true, event_types: ['message'] });
    expect(body['events']).toEqual([]);
    const id = await sendToChannel(member, 'general', 'events', 'to the new queue');
    expect((await poll(owner, body['queue_id'], -1, true)).map((e) => e['message']['id'])).toEqual([id]);
  });
});

describe('event queue errors', () => {
  it('BAD_EVENT_QUEUE_ID for an unknown queue, with the queue_id', async () => {
    const res = await owner.get('/events', { queue_id: 'no-such-queue', last_event_id: -1, dont_block: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_EVENT_QUEUE_ID',
      msg: 'Bad event queue ID: no-such-queue',
      queue_id: 'no-such-queue',
    });
  });

  it("refuses another user's queue", async () => {
    const queue = await register(owner);
    const res = await member.get('/events', { queue_id: queue, last_event_id: -1, dont_block: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'You are not authorized to get events from this queue',
    });
    expect((await member.delete('/events', { queue_id: queue })).status).toBe(400);
  });

  it('DELETE /events removes the queue and ends a poll waiting on it', async () => {
    const queue = await register(owner);
    const waiting = owner.get('/events', { queue_id: queue, last_event_id: -1 });
    await sleep(100);
    expect((await owner.delete('/events', { queue_id: queue })).body).toEqual({ result: 'success', msg: '' });
    expect((await waiting).body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', queue_id: queue });
    expect((await owner.get('/events', { queue_id: queue, dont_block: true })).body['code']).toBe('BAD_EVENT_QUEUE_ID');
    expect((await owner.delete('/events', { queue_id: queue })).body['code']).toBe('BAD_EVENT_QUEUE_ID');
  });
});

describe('event queue garbage collection', () => {
  let gcServer: RunningDevServer;
  let user: Api;

  beforeAll(async () => {
    gcServer = await startDevServer({ seed: 'empty', args: ['--queue-gc-seconds', '0.5', '--heartbeat-seconds', '1'] });
    user = await login(gcServer, gcServer.byRole(100));
  });
  afterAll(() => gcServer.stop());

  it('collects a queue left idle past --queue-gc-seconds', async () => {
    const queue = await register(user);
    await sleep(1200);
    const res = await user.get('/events', { queue_id: queue, last_event_id: -1, dont_block: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_EVENT_QUEUE_ID',
      msg: `Bad event queue ID: ${queue}`,
      queue_id: queue,
    });
  });

  it('never collects a queue while a poll is waiting on it', async () => {
    const queue = await register(user);
    // The poll waits a full heartbeat interval, twice the GC limit, and the queue survives it.
    expect(await poll(user, queue, -1, false)).toEqual([{ type: 'heartbeat', id: 0 }]);
    expect(await poll(user, queue, 0, true)).toEqual([]);
  });
});

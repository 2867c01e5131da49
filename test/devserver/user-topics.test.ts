import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, freshTopic, loginRole, openQueue, type Client } from './messages-support';
import { sendToChannel, type Obj } from './support';

let server: RunningDevServer;
let noah: Client;
let lars: Client;
let guest: Client;
let channels: Map<string, Obj>;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  noah = await loginRole(server, 400, 0);
  lars = await loginRole(server, 400, 2);
  guest = await loginRole(server, 600);
  // The owner sees every channel, the private one included.
  const owner = await loginRole(server, 100);
  const reg = await owner.ok('POST', '/register', { fetch_event_types: ['subscription'] });
  channels = new Map([...reg['subscriptions'], ...reg['never_subscribed']].map((c: Obj) => [c['name'], c]));
});
afterAll(() => server.stop());

const id = (name: string): number => channels.get(name)!['stream_id'] as number;

async function userTopics(api: Client, capabilities: Obj = {}): Promise<Obj[]> {
  const body = await api.ok('POST', '/register', {
    fetch_event_types: ['user_topic'],
    client_capabilities: capabilities,
  });
  return body['user_topics'];
}

describe('POST /user_topics', () => {
  it('sets, changes and removes a policy, with user_topic events to every queue of the user', async () => {
    const topic = freshTopic('mute me');
    const first = await openQueue(noah, { event_types: ['user_topic', 'muted_topics'] });
    const second = await openQueue(noah, { event_types: ['user_topic'] });
    const other = await openQueue(lars, { event_types: ['user_topic'] });

    await noah.ok('POST', '/user_topics', { stream_id: id('general'), topic, visibility_policy: 1 });
    for (const queue of [first, second]) {
      const events = await queue.drain();
      // muted_topics is suppressed for queues that asked for user_topic by name.
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'user_topic',
        stream_id: id('general'),
        topic_name: topic,
        visibility_policy: 1,
      });
      expect(typeof events[0]!['last_updated']).toBe('number');
    }
    expect(await other.drain()).toEqual([]);
    expect(await userTopics(noah)).toContainEqual(
      expect.objectContaining({ stream_id: id('general'), topic_name: topic, visibility_policy: 1 }),
    );

    await noah.ok('POST', '/user_topics', { stream_id: id('general'), topic, visibility_policy: 3 });
    expect((await first.drain())[0]).toMatchObject({ visibility_policy: 3 });
    await noah.ok('POST', '/user_topics', { stream_id: id('general'), topic, visibility_policy: 0 });
    expect((await first.drain())[0]).toMatchObject({ visibility_policy: 0, topic_name: topic });
    expect((await userTopics(noah)).some((t) => t['topic_name'] === topic)).toBe(false);
  });

  it('shows the empty topic as "" only to clients with empty_topic_name', async () => {
    const legacy = await openQueue(noah, { event_types: ['user_topic'] });
    const modern = await openQueue(noah, {
      event_types: ['user_topic'],
      client_capabilities: { empty_topic_name: true },
    });
    await noah.ok('POST', '/user_topics', { stream_id: id('help'), topic: 'general chat', visibility_policy: 3 });
    expect((await legacy.drain())[0]!['topic_name']).toBe('general chat');
    expect((await modern.drain())[0]!['topic_name']).toBe('');
    expect(await userTopics(noah, { empty_topic_name: true })).toContainEqual(
      expect.objectContaining({ stream_id: id('help'), topic_name: '', visibility_policy: 3 }),
    );
  });

  it('refuses bad policies, unknown channels and private channels the user is not in', async () => {
    const topic = freshTopic('bad');
    expectError(
      await noah.post('/user_topics', { stream_id: id('general'), topic, visibility_policy: 7 }),
      'BAD_REQUEST',
      'Invalid visibility_policy',
    );
    expectError(
      await noah.post('/user_topics', { stream_id: 99999, topic, visibility_policy: 1 }),
      'BAD_REQUEST',
      'Invalid channel ID',
    );
    expectError(
      await noah.post('/user_topics', { stream_id: id('leadership'), topic, visibility_policy: 1 }),
      'BAD_REQUEST',
      'Invalid channel ID',
    );
    // A guest reaches only the channels it is subscribed to.
    expectError(
      await guest.post('/user_topics', { stream_id: id('general'), topic, visibility_policy: 1 }),
      'BAD_REQUEST',
      'Invalid channel ID',
    );
    const missing = await noah.post('/user_topics', { stream_id: id('general'), visibility_policy: 1 });
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'topic' });
  });
});

describe('PATCH /users/me/subscriptions/muted_topics (legacy)', () => {
  it('mutes by channel name or ID, redundant operations succeed, and the legacy event lists muted topics', async () => {
    const topic = freshTopic('legacy');
    const all = await openQueue(noah); // no event_types: gets both event kinds, as on Zulip
    const path = '/users/me/subscriptions/muted_topics';
    await noah.ok('PATCH', path, { stream: 'general', topic, op: 'add' });
    await noah.ok('PATCH', path, { stream_id: id('general'), topic, op: 'add' });
    const events = await all.drainTypes('muted_topics', 'user_topic');
    expect(events.map((e) => e['type'])).toEqual(['muted_topics', 'user_topic', 'muted_topics', 'user_topic']);
    expect(events[0]!['muted_topics']).toContainEqual(['general', topic, expect.any(Number)]);
    expect(events[1]).toMatchObject({ visibility_policy: 1, topic_name: topic, stream_id: id('general') });

    const reg = await noah.ok('POST', '/register', { fetch_event_types: ['muted_topics'] });
    expect(reg['muted_topics']).toContainEqual(['general', topic, expect.any(Number)]);

    await noah.ok('PATCH', path, { stream_id: id('general'), topic, op: 'remove' });
    await noah.ok('PATCH', path, { stream_id: id('general'), topic, op: 'remove' });
    const removed = await all.drainTypes('user_topic');
    expect(removed.map((e) => e['visibility_policy'])).toEqual([0, 0]);
  });

  it('requires exactly one of stream and stream_id', async () => {
    const path = '/users/me/subscriptions/muted_topics';
    expectError(await noah.call('PATCH', path, { topic: 'x', op: 'add' }), 'BAD_REQUEST', "Please supply 'stream'.");
    expectError(
      await noah.call('PATCH', path, { stream: 'general', stream_id: id('general'), topic: 'x', op: 'add' }),
      'BAD_REQUEST',
      "Please choose one: 'stream' or 'stream_id'.",
    );
    expectError(
      await noah.call('PATCH', path, { stream: 'nonexistent', topic: 'x', op: 'add' }),
      'BAD_REQUEST',
      "Invalid channel name 'nonexistent'",
    );
  });
});

describe('automatic topic policies on send', () => {
  it('starting a topic follows it (automatically_follow_topics_policy = on initiation)', async () => {
    const topic = freshTopic('new topic');
    const queue = await openQueue(noah, { event_types: ['user_topic', 'message'] });
    const body = await noah.ok('POST', '/messages', { type: 'channel', to: 'general', topic, content: 'first!' });
    expect(body['automatic_new_visibility_policy']).toBe(3);
    const events = await queue.drain();
    expect(events.map((e) => e['type'])).toEqual(['user_topic', 'message']);
    expect(events[0]).toMatchObject({ stream_id: id('general'), topic_name: topic, visibility_policy: 3 });

    const again = await noah.ok('POST', '/messages', { type: 'channel', to: 'general', topic, content: 'second' });
    expect(again).not.toHaveProperty('automatic_new_visibility_policy');
  });

  it('replying in a muted channel unmutes the topic (on send)', async () => {
    const topic = freshTopic('pets');
    await sendToChannel(noah, 'random', topic, 'my cat');
    // Lars muted #random; sending to an existing topic there unmutes it for him.
    const body = await lars.ok('POST', '/messages', { type: 'channel', to: 'random', topic, content: 'cute' });
    expect(body['automatic_new_visibility_policy']).toBe(2);
    expect(await userTopics(lars)).toContainEqual(
      expect.objectContaining({ stream_id: id('random'), topic_name: topic, visibility_policy: 2 }),
    );
  });

  it('users mentioned by name follow the topic', async () => {
    const topic = freshTopic('mention');
    await sendToChannel(noah, 'general', topic, 'hello @**Lars Nilsson**');
    expect(await userTopics(lars)).toContainEqual(
      expect.objectContaining({ stream_id: id('general'), topic_name: topic, visibility_policy: 3 }),
    );
  });

  it('an explicitly muted topic stays muted when mentioned', async () => {
    const topic = freshTopic('quiet');
    await sendToChannel(noah, 'general', topic, 'start');
    await lars.ok('POST', '/user_topics', { stream_id: id('general'), topic, visibility_policy: 1 });
    await sendToChannel(noah, 'general', topic, 'hey @**Lars Nilsson**');
    expect(await userTopics(lars)).toContainEqual(expect.objectContaining({ topic_name: topic, visibility_policy: 1 }));
  });
});

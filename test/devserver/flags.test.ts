import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, fetchMessage, freshTopic, loginRole, openQueue, type Client } from './messages-support';
import { sendToChannel, type Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let noah: Client;
let priya: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await loginRole(server, 100);
  noah = await loginRole(server, 400, 0);
  priya = await loginRole(server, 400, 1);
});
afterAll(() => server.stop());

async function channelId(name: string): Promise<number> {
  const reg = await owner.ok('POST', '/register', { fetch_event_types: ['subscription'] });
  return [...reg['subscriptions'], ...reg['never_subscribed']].find((c: Obj) => c['name'] === name)['stream_id'];
}

async function unreadCount(api: Client): Promise<number> {
  const reg = await api.ok('POST', '/register', { fetch_event_types: ['message', 'update_message_flags'] });
  return reg['unread_msgs']['count'];
}

describe('POST /messages/flags', () => {
  it('stars and unstars, with update_message_flags events to every queue of the user', async () => {
    const ids = [
      await sendToChannel(noah, 'general', freshTopic('star'), 'one'),
      await sendToChannel(noah, 'general', freshTopic('star'), 'two'),
    ];
    const queues = [await openQueue(priya), await openQueue(priya)];
    const other = await openQueue(noah);
    const body = await priya.ok('POST', '/messages/flags', { messages: ids, op: 'add', flag: 'starred' });
    expect(body['messages']).toEqual(ids);
    expect(body).not.toHaveProperty('ignored_because_not_subscribed_channels');
    for (const queue of queues) {
      expect(await queue.drainTypes('update_message_flags')).toEqual([
        expect.objectContaining({ op: 'add', operation: 'add', flag: 'starred', messages: ids, all: false }),
      ]);
    }
    expect(await other.drainTypes('update_message_flags')).toEqual([]);
    expect((await fetchMessage(priya, ids[0]!))['flags']).toContain('starred');
    const reg = await priya.ok('POST', '/register', { fetch_event_types: ['starred_messages'] });
    expect(reg['starred_messages']).toEqual(expect.arrayContaining(ids));

    // Starring again changes nothing, so the event lists no message.
    await priya.ok('POST', '/messages/flags', { messages: ids, op: 'add', flag: 'starred' });
    expect((await queues[0]!.drainTypes('update_message_flags'))[0]!['messages']).toEqual([]);
    await priya.ok('POST', '/messages/flags', { messages: [ids[0]], op: 'remove', flag: 'starred' });
    expect((await fetchMessage(priya, ids[0]!))['flags']).not.toContain('starred');
  });

  it('marking unread sends message_details; unsubscribed channels are skipped and reported', async () => {
    const topic = freshTopic('unread');
    const channelMsg = await sendToChannel(noah, 'general', topic, 'hi @**Priya Raman**');
    const dm = (await noah.ok('POST', '/messages', { type: 'direct', to: [priya.userId], content: 'psst' }))['id'];
    // Priya is not subscribed to #engineering, but it is public: she can read it, not mark it unread.
    const engineering = await sendToChannel(owner, 'engineering', topic, 'eng');
    await priya.ok('POST', '/messages/flags', { messages: [channelMsg, dm, engineering], op: 'add', flag: 'read' });
    const queue = await openQueue(priya);
    const modern = await openQueue(priya, { client_capabilities: { empty_topic_name: true } });
    const body = await priya.ok('POST', '/messages/flags', {
      messages: [channelMsg, dm, engineering],
      op: 'remove',
      flag: 'read',
    });
    expect(body['ignored_because_not_subscribed_channels']).toEqual([await channelId('engineering')]);
    const [event] = await queue.drainTypes('update_message_flags');
    expect(event).toMatchObject({ op: 'remove', flag: 'read', messages: [channelMsg, dm], all: false });
    expect(event!['message_details']).toEqual({
      [channelMsg]: {
        type: 'stream',
        stream_id: await channelId('general'),
        topic,
        mentioned: true,
        unmuted_stream_msg: true,
      },
      [dm]: { type: 'private', user_ids: [noah.userId] },
    });
    expect((await modern.drainTypes('update_message_flags'))[0]!['messages']).toEqual([channelMsg, dm]);
    expect((await fetchMessage(priya, channelMsg))['flags']).not.toContain('read');
  });

  it('refuses flags users cannot set, unknown flags, bad operations and inaccessible messages', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('flags'), 'f');
    expectError(
      await priya.post('/messages/flags', { messages: [id], op: 'add', flag: 'mentioned' }),
      'BAD_REQUEST',
      "Flag not editable: 'mentioned'",
    );
    expectError(
      await priya.post('/messages/flags', { messages: [id], op: 'add', flag: 'shiny' }),
      'BAD_REQUEST',
      "Invalid flag: 'shiny'",
    );
    expectError(
      await priya.post('/messages/flags', { messages: [id], op: 'toggle', flag: 'read' }),
      'BAD_REQUEST',
      "Invalid message flag operation: 'toggle'",
    );
    const secret = await sendToChannel(owner, 'leadership', freshTopic('secret'), 'budget');
    expectError(
      await priya.post('/messages/flags', { messages: [secret], op: 'add', flag: 'starred' }),
      'BAD_REQUEST',
      'Invalid message(s)',
    );
    await priya.ok('POST', '/messages/flags', { messages: [id], op: 'add', flag: 'collapsed' });
    expect((await fetchMessage(priya, id))['flags']).toContain('collapsed');
  });
});

describe('marking many messages read', () => {
  it('mark_topic_as_read and mark_stream_as_read read exactly that topic or channel', async () => {
    const topic = freshTopic('catch up');
    const inTopic = [await sendToChannel(noah, 'help', topic, 'a'), await sendToChannel(noah, 'help', topic, 'b')];
    const elsewhere = await sendToChannel(noah, 'help', freshTopic('other'), 'c');
    const queue = await openQueue(priya);
    await priya.ok('POST', '/mark_topic_as_read', { stream_id: await channelId('help'), topic_name: topic });
    expect((await queue.drainTypes('update_message_flags'))[0]).toMatchObject({ flag: 'read', messages: inTopic });
    expect((await fetchMessage(priya, elsewhere))['flags']).not.toContain('read');
    expectError(
      await priya.post('/mark_topic_as_read', { stream_id: await channelId('help'), topic_name: 'never said' }),
      'BAD_REQUEST',
      "No such topic 'never said'",
    );
    await priya.ok('POST', '/mark_stream_as_read', { stream_id: await channelId('help') });
    expect((await queue.drainTypes('update_message_flags'))[0]!['messages']).toContain(elsewhere);
    expect((await fetchMessage(priya, elsewhere))['flags']).toContain('read');
  });

  it('mark_all_as_read clears every unread message with one all=true event', async () => {
    expect(await unreadCount(owner)).toBeGreaterThan(0);
    const queue = await openQueue(owner);
    const body = await owner.ok('POST', '/mark_all_as_read');
    expect(body['complete']).toBe(true);
    expect(await queue.drainTypes('update_message_flags')).toEqual([
      expect.objectContaining({ op: 'add', flag: 'read', messages: [], all: true }),
    ]);
    expect(await unreadCount(owner)).toBe(0);
  });

  it('POST /messages/flags/narrow updates a page of the narrow and reports the range', async () => {
    const topic = freshTopic('narrowed');
    const ids = [];
    for (const text of ['1', '2', '3']) ids.push(await sendToChannel(noah, 'general', topic, text));
    const body = await priya.ok('POST', '/messages/flags/narrow', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 2,
      narrow: [
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: topic },
      ],
      op: 'add',
      flag: 'starred',
    });
    expect(body).toMatchObject({
      processed_count: 2,
      updated_count: 2,
      first_processed_id: ids[0],
      last_processed_id: ids[1],
      found_oldest: true,
      found_newest: false,
    });
    expect((await fetchMessage(priya, ids[2]!))['flags']).not.toContain('starred');
  });
});

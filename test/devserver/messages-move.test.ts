import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, fetchMessage, freshTopic, loginRole, openQueue, type Client } from './messages-support';
import { allMessages, sendToChannel, type Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let mei: Client;
let noah: Client;
let priya: Client;
let channels: Map<string, number>;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await loginRole(server, 100);
  mei = await loginRole(server, 300);
  noah = await loginRole(server, 400, 0);
  priya = await loginRole(server, 400, 1);
  const reg = await owner.ok('POST', '/register', { fetch_event_types: ['subscription'] });
  channels = new Map(
    [...reg['subscriptions'], ...reg['never_subscribed']].map((c: Obj) => [c['name'], c['stream_id'] as number]),
  );
});
afterAll(() => server.stop());

/** A channel's ID by name (every channel, the private one included). */
function cid(name: string): number {
  const id = channels.get(name);
  if (id === undefined) throw new Error(`no channel ${name}`);
  return id;
}

async function topicMessages(api: Client, channel: string, topic: string): Promise<Obj[]> {
  return allMessages(api, {
    narrow: [
      { operator: 'channel', operand: channel },
      { operator: 'topic', operand: topic },
    ],
    apply_markdown: false,
  });
}

const mention = (c: Client, name: string): string => `@_**${name}|${c.userId}**`;

describe('moving topics within a channel', () => {
  it('change_all renames the whole topic: history, events, policies and both notices', async () => {
    const from = freshTopic('old name');
    const to = freshTopic('new name');
    const ids = [
      await sendToChannel(noah, 'general', from, 'one'),
      await sendToChannel(priya, 'general', from, 'two'),
      await sendToChannel(noah, 'general', from, 'three'),
    ];
    const queue = await openQueue(priya);
    const noahQueue = await openQueue(noah, { event_types: ['user_topic'] });
    await noah.ok('PATCH', `/messages/${ids[1]}`, {
      topic: to,
      propagate_mode: 'change_all',
      send_notification_to_old_thread: true,
    });

    const [event] = await queue.drainTypes('update_message');
    expect(event).toMatchObject({
      user_id: noah.userId,
      message_id: ids[1],
      message_ids: ids,
      orig_subject: from,
      subject: to,
      propagate_mode: 'change_all',
      stream_id: cid('general'),
      stream_name: 'general',
      topic_links: [],
      rendering_only: false,
    });
    expect(event).not.toHaveProperty('new_stream_id');
    expect(event).not.toHaveProperty('orig_content');

    const moved = await topicMessages(noah, 'general', to);
    expect(moved.slice(0, 3).map((m) => m['id'])).toEqual(ids);
    for (const message of moved.slice(0, 3)) {
      expect(message['last_moved_timestamp']).toEqual(expect.any(Number));
      expect(message).not.toHaveProperty('last_edit_timestamp');
      expect(message['edit_history']).toEqual([
        { user_id: noah.userId, timestamp: message['last_moved_timestamp'], prev_topic: from, topic: to },
      ]);
    }
    expect(moved[3]).toMatchObject({
      sender_full_name: 'Notification Bot',
      content: `This topic was moved here from #**general>${from}** by ${mention(noah, 'Noah Becker')}.`,
    });
    const left = await topicMessages(noah, 'general', from);
    expect(left.map((m) => m['content'])).toEqual([
      `This topic was moved to #**general>${to}** by ${mention(noah, 'Noah Becker')}.`,
    ]);
    // Noah followed the topic he started; the policy moved with it.
    const policies = await noahQueue.drainTypes('user_topic');
    expect(policies.map((p) => [p['topic_name'], p['visibility_policy']])).toEqual([
      [from, 0],
      [to, 3],
    ]);
  });

  it('change_later moves the target and later messages; change_one just the one', async () => {
    const from = freshTopic('split');
    const ids = [];
    for (const text of ['a', 'b', 'c', 'd']) ids.push(await sendToChannel(noah, 'general', from, text));
    const later = freshTopic('later');
    await noah.ok('PATCH', `/messages/${ids[2]}`, { topic: later, propagate_mode: 'change_later' });
    const movedLater = await topicMessages(noah, 'general', later);
    expect(movedLater.map((m) => m['id']).slice(0, 2)).toEqual([ids[2], ids[3]]);
    expect(movedLater[2]!['content']).toBe(
      `2 messages were moved here from #**general>${from}** by ${mention(noah, 'Noah Becker')}.`,
    );

    const one = freshTopic('one');
    await noah.ok('PATCH', `/messages/${ids[0]}`, { topic: one, send_notification_to_new_thread: false });
    expect((await topicMessages(noah, 'general', one)).map((m) => m['id'])).toEqual([ids[0]]);
    expect((await topicMessages(noah, 'general', from)).map((m) => m['id'])).toEqual([ids[1]]);
  });

  it('resolving is not a move; it posts a notice, and undoing within a minute deletes it', async () => {
    const topic = freshTopic('bug');
    const id = await sendToChannel(noah, 'general', topic, 'it broke');
    const queue = await openQueue(priya, { client_capabilities: { bulk_message_deletion: true } });
    await priya.ok('PATCH', `/messages/${id}`, { topic: `✔ ${topic}`, propagate_mode: 'change_all' });
    const resolved = await topicMessages(noah, 'general', `✔ ${topic}`);
    expect(resolved[0]).not.toHaveProperty('last_moved_timestamp');
    expect(resolved[0]!['edit_history'][0]).toMatchObject({ prev_topic: topic, topic: `✔ ${topic}` });
    expect(resolved[1]!['content']).toBe(`${mention(priya, 'Priya Raman')} has marked this topic as resolved.`);
    const found = await allMessages(noah, { narrow: [{ operator: 'is', operand: 'resolved' }] });
    expect(found.map((m) => m['id'])).toContain(id);

    await priya.ok('PATCH', `/messages/${id}`, { topic, propagate_mode: 'change_all' });
    const events = await queue.drain();
    const deleted = events.filter((e) => e['type'] === 'delete_message');
    expect(deleted).toEqual([expect.objectContaining({ message_ids: [resolved[1]!['id']] })]);
    expect((await topicMessages(noah, 'general', topic)).map((m) => m['id'])).toEqual([id]);
  });

  it('refuses resolving the empty topic and empty topics where topics are required', async () => {
    const id = await sendToChannel(noah, 'announcements', freshTopic('news'), 'news');
    expectError(
      await noah.call('PATCH', `/messages/${id}`, { topic: '' }),
      'BAD_REQUEST',
      'Sending messages to the general chat topic is not allowed in this channel.',
    );
    expectError(
      await noah.call('PATCH', `/messages/${id}`, { topic: '✔ general chat' }),
      'BAD_REQUEST',
      'General chat cannot be marked as resolved',
    );
    expectError(
      await noah.call('PATCH', `/messages/${id}`, { content: 'x', propagate_mode: 'change_all' }),
      'BAD_REQUEST',
      'Invalid propagate_mode without topic edit',
    );
  });

  it('time limits: a member cannot move a topic with old messages, a moderator can', async () => {
    const old = (await allMessages(noah)).find(
      (m) => m['display_recipient'] === 'general' && m['timestamp'] < Date.now() / 1000 - 10 * 86_400,
    )!;
    const recent = await sendToChannel(noah, 'general', old['subject'], 'a new reply in an old topic');
    const res = await noah.call('PATCH', `/messages/${recent}`, {
      topic: freshTopic('x'),
      propagate_mode: 'change_all',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      first_message_id_allowed_to_move: expect.any(Number),
      total_messages_allowed_to_move: expect.any(Number),
      total_messages_in_topic: expect.any(Number),
    });
    expect(res.body['total_messages_allowed_to_move']).toBeLessThan(res.body['total_messages_in_topic']);
    expectError(
      await noah.call('PATCH', `/messages/${old['id']}`, { topic: freshTopic('y') }),
      'BAD_REQUEST',
      "The time limit for editing this message's topic has passed.",
    );
    await mei.ok('PATCH', `/messages/${old['id']}`, { topic: freshTopic('moderated') });
  });
});

describe('moving messages to another channel', () => {
  it('people who cannot read the destination get delete_message; the rest get update_message', async () => {
    const topic = freshTopic('to leadership');
    const id = await sendToChannel(owner, 'general', topic, 'this belongs in leadership');
    const noahQueue = await openQueue(noah, { client_capabilities: { bulk_message_deletion: true } });
    const meiQueue = await openQueue(mei);
    await owner.ok('PATCH', `/messages/${id}`, { stream_id: cid('leadership'), propagate_mode: 'change_all' });

    expect(await noahQueue.drainTypes('delete_message')).toEqual([
      expect.objectContaining({ message_ids: [id], message_type: 'stream', stream_id: cid('general'), topic }),
    ]);
    expect(await noahQueue.drainTypes('update_message')).toEqual([]);
    const [update] = await meiQueue.drainTypes('update_message');
    expect(update).toMatchObject({
      message_ids: [id],
      stream_id: cid('general'),
      new_stream_id: cid('leadership'),
      orig_subject: topic,
      propagate_mode: 'change_all',
    });
    expect(update).not.toHaveProperty('subject');
    const message = await fetchMessage(mei, id);
    expect(message).toMatchObject({ stream_id: cid('leadership'), display_recipient: 'leadership' });
    expect(message['edit_history'][0]).toMatchObject({
      prev_stream: cid('general'),
      stream: cid('leadership'),
    });
    // Noah is not in #leadership: the message is gone for him.
    expect((await noah.ok('GET', '/messages', { message_ids: [id] }))['messages']).toEqual([]);
  });

  it('members move between channels they can post to; guests cannot move', async () => {
    const topic = freshTopic('wrong place');
    const id = await sendToChannel(noah, 'general', topic, 'meant for help');
    await noah.ok('PATCH', `/messages/${id}`, { stream_id: cid('help'), topic: 'tools' });
    expect(await fetchMessage(noah, id)).toMatchObject({ display_recipient: 'help', subject: 'tools' });
    expectError(
      await noah.call('PATCH', `/messages/${id}`, { stream_id: cid('leadership') }),
      'BAD_REQUEST',
      'Invalid channel ID',
    );
    const guest = await loginRole(server, 600);
    const guestMessage = await sendToChannel(guest, 'partners', freshTopic('guest'), 'hello');
    expectError(
      await guest.call('PATCH', `/messages/${guestMessage}`, { stream_id: cid('design') }),
      'BAD_REQUEST',
      "You don't have permission to move this message",
    );
  });
});

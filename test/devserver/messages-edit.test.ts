import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, fetchMessage, freshTopic, loginRole, openQueue, type Client } from './messages-support';
import { allMessages, sendToChannel } from './support';

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

describe('PATCH /messages/{id}: content', () => {
  it('edits content: history entry, last_edit_timestamp, update_message with per-user flags', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('edit'), 'frist post', { read_by_sender: true });
    const priyaQueue = await openQueue(priya);
    const noahQueue = await openQueue(noah);
    const body = await noah.ok('PATCH', `/messages/${id}`, { content: 'first post, @**Priya Raman**' });
    expect(body['detached_uploads']).toEqual([]);

    const message = await fetchMessage(noah, id, { apply_markdown: false });
    expect(message['content']).toBe('first post, @**Priya Raman**');
    expect(typeof message['last_edit_timestamp']).toBe('number');
    expect(message).not.toHaveProperty('last_moved_timestamp');
    expect(message['edit_history']).toEqual([
      {
        user_id: noah.userId,
        timestamp: message['last_edit_timestamp'],
        prev_content: 'frist post',
        prev_rendered_content: '<p>frist post</p>',
      },
    ]);

    const [event] = await priyaQueue.drainTypes('update_message');
    expect(event).toMatchObject({
      type: 'update_message',
      user_id: noah.userId,
      message_id: id,
      message_ids: [id],
      rendering_only: false,
      orig_content: 'frist post',
      orig_rendered_content: '<p>frist post</p>',
      content: 'first post, @**Priya Raman**',
      stream_name: 'general',
      is_me_message: false,
    });
    expect(event!['rendered_content']).toContain('user-mention');
    expect(event!['flags']).toEqual(expect.arrayContaining(['mentioned']));
    expect(event).not.toHaveProperty('propagate_mode');
    expect(event).not.toHaveProperty('subject');
    // The sender's copy carries the sender's flags (read, not mentioned).
    expect((await noahQueue.drainTypes('update_message'))[0]!['flags']).toEqual(['read']);
    expect((await fetchMessage(priya, id))['flags']).toContain('mentioned');
  });

  it('direct messages: content edits only', async () => {
    const id = (await noah.ok('POST', '/messages', { type: 'direct', to: [priya.userId], content: 'hi' }))['id'];
    const queue = await openQueue(priya);
    await noah.ok('PATCH', `/messages/${id}`, { content: 'hello' });
    const [event] = await queue.drainTypes('update_message');
    expect(event).toMatchObject({ message_id: id, content: 'hello', message_ids: [id] });
    expect(event).not.toHaveProperty('stream_id');
    expectError(
      await noah.call('PATCH', `/messages/${id}`, { topic: 'nope' }),
      'BAD_REQUEST',
      'Direct messages cannot have topics.',
    );
    expectError(
      await noah.call('PATCH', `/messages/${id}`, { stream_id: 1 }),
      'BAD_REQUEST',
      'Direct messages cannot be moved to channels.',
    );
  });

  it('only the sender edits content, within the time limit; empty edits are refused', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('mine'), 'mine');
    expectError(
      await priya.call('PATCH', `/messages/${id}`, { content: 'hijack' }),
      'BAD_REQUEST',
      "You don't have permission to edit this message",
    );
    expectError(await noah.call('PATCH', `/messages/${id}`, {}), 'BAD_REQUEST', 'Nothing to change');
    expectError(
      await noah.call('PATCH', `/messages/${id}`, { content: 'x', stream_id: 2 }),
      'BAD_REQUEST',
      'Cannot change message content while changing channel',
    );
    const old = (await allMessages(noah)).find((m) => m['sender_id'] === noah.userId && m['type'] === 'stream')!;
    expectError(
      await noah.call('PATCH', `/messages/${old['id']}`, { content: 'too late' }),
      'BAD_REQUEST',
      'The time limit for editing this message has passed',
    );
    expectError(await noah.call('PATCH', '/messages/99999999', { content: 'x' }), 'BAD_REQUEST', 'Invalid message(s)');
  });

  it('prev_content_sha256 guards against editing a stale copy; blank content becomes "(deleted)"', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('sha'), 'version one');
    const res = await noah.call('PATCH', `/messages/${id}`, { content: 'v2', prev_content_sha256: 'beef' });
    expect(res.status).toBe(400);
    expect(res.body['code']).toBe('EXPECTATION_MISMATCH');
    const { createHash } = await import('node:crypto');
    const sha = createHash('sha256').update('version one').digest('hex');
    await noah.ok('PATCH', `/messages/${id}`, { content: '   ', prev_content_sha256: sha });
    expect((await fetchMessage(noah, id, { apply_markdown: false }))['content']).toBe('(deleted)');
  });
});

describe('DELETE /messages/{id}', () => {
  it('the sender deletes their own message; bulk and per-message delete_message events', async () => {
    const topic = freshTopic('delete');
    const id = await sendToChannel(noah, 'general', topic, 'oops');
    const generalId = (await fetchMessage(noah, id))['stream_id'];
    const bulk = await openQueue(priya, { client_capabilities: { bulk_message_deletion: true } });
    const legacy = await openQueue(priya);
    await noah.ok('DELETE', `/messages/${id}`);
    expect(await bulk.drainTypes('delete_message')).toEqual([
      expect.objectContaining({ message_ids: [id], message_type: 'stream', stream_id: generalId, topic }),
    ]);
    const [single] = await legacy.drainTypes('delete_message');
    expect(single).toMatchObject({ message_id: id, message_type: 'stream', topic });
    expect(single).not.toHaveProperty('message_ids');
    expectError(await noah.delete(`/messages/${id}`), 'BAD_REQUEST', 'Invalid message(s)');
  });

  it('others cannot delete a member message; administrators can, DMs included', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('admin delete'), 'spam');
    expectError(
      await priya.delete(`/messages/${id}`),
      'BAD_REQUEST',
      "You don't have permission to delete this message",
    );
    await owner.ok('DELETE', `/messages/${id}`);
    const dm = (await noah.ok('POST', '/messages', { type: 'direct', to: [owner.userId], content: 'x' }))['id'];
    const queue = await openQueue(noah, { client_capabilities: { bulk_message_deletion: true } });
    await owner.ok('DELETE', `/messages/${dm}`);
    expect(await queue.drainTypes('delete_message')).toEqual([
      { type: 'delete_message', id: expect.any(Number), message_ids: [dm], message_type: 'private' },
    ]);
  });
});

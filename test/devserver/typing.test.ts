import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDevServer } from '../helpers/devserver';
import { expectError, openQueue, type Client } from './messages-support';
import { startTypingCast } from './typing-support';

let server: RunningDevServer;
let owner: Client;
let noah: Client;
let priya: Client;
let generalId: number;

beforeAll(async () => {
  ({ server, owner, noah, priya, generalId } = await startTypingCast());
});
afterAll(() => server.stop());

describe('POST /typing', () => {
  it('direct: start and stop reach every member of the conversation, the sender included', async () => {
    const priyaQueue = await openQueue(priya);
    const noahQueue = await openQueue(noah);
    const ownerQueue = await openQueue(owner);
    await noah.ok('POST', '/typing', { op: 'start', to: [priya.userId] });
    await noah.ok('POST', '/typing', { type: 'direct', op: 'stop', to: [priya.userId] });
    const recipients = [noah.userId, priya.userId]
      .sort((a, b) => a - b)
      .map((id) => ({ user_id: id, email: expect.stringContaining('@') }));
    for (const queue of [priyaQueue, noahQueue]) {
      const events = await queue.drainTypes('typing');
      expect(events).toEqual([
        expect.objectContaining({
          op: 'start',
          message_type: 'direct',
          sender: { user_id: noah.userId, email: noah.email },
          recipients,
        }),
        expect.objectContaining({ op: 'stop', message_type: 'direct' }),
      ]);
    }
    expect(await ownerQueue.drainTypes('typing')).toEqual([]);
  });

  it('channel: only queues with stream_typing_notifications hear it, with stream_id and topic', async () => {
    const capable = await openQueue(priya, { client_capabilities: { stream_typing_notifications: true } });
    const legacy = await openQueue(priya);
    const emptyTopic = await openQueue(priya, {
      client_capabilities: { stream_typing_notifications: true, empty_topic_name: true },
    });
    await noah.ok('POST', '/typing', { type: 'channel', op: 'start', stream_id: generalId, topic: 'lunch' });
    expect(await capable.drainTypes('typing')).toEqual([
      expect.objectContaining({
        op: 'start',
        message_type: 'stream',
        stream_id: generalId,
        topic: 'lunch',
        sender: expect.objectContaining({ user_id: noah.userId }),
      }),
    ]);
    expect(await legacy.drainTypes('typing')).toEqual([]);
    await noah.ok('POST', '/typing', { type: 'stream', op: 'stop', stream_id: generalId, topic: 'general chat' });
    expect((await emptyTopic.drainTypes('typing')).map((e) => e['topic'])).toEqual(['lunch', '']);
  });

  it('validates its parameters with Zulip wording', async () => {
    expectError(await noah.post('/typing', { op: 'start', to: [] }), 'BAD_REQUEST', "Empty 'to' list");
    expect((await noah.post('/typing', { op: 'start' })).body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'to',
    });
    expectError(
      await noah.post('/typing', { type: 'channel', op: 'start', topic: 't' }),
      'BAD_REQUEST',
      'Missing channel ID',
    );
    expectError(await noah.post('/typing', { op: 'typing', to: [priya.userId] }), 'BAD_REQUEST', 'Invalid op');
    expectError(await noah.post('/typing', { op: 'start', to: [424242] }), 'BAD_REQUEST', 'Invalid user ID 424242');
  });
});

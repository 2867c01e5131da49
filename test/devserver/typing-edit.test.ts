/**
 * POST /messages/{message_id}/typing: "… is editing" notifications (typing_edit_message), sent
 * only for a message the user may edit, to the channel's subscribers or the conversation's
 * participants, as Zulip's do_send_*_message_edit_typing_notification do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDevServer } from '../helpers/devserver';
import { expectError, openQueue, type Client } from './messages-support';
import { startTypingCast } from './typing-support';
import type { Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let noah: Client;
let priya: Client;
let generalId: number;

beforeAll(async () => {
  ({ server, owner, noah, priya, generalId } = await startTypingCast());
});
afterAll(() => server.stop());

const strip = (events: Obj[]) => events.map(({ id: _id, ...e }) => e);

describe('POST /messages/{message_id}/typing', () => {
  it('channel: start and stop reach the subscribers, naming the channel and topic', async () => {
    const sent = await noah.ok('POST', '/messages', {
      type: 'stream',
      to: generalId,
      topic: 'edits',
      content: 'draft',
    });
    const id = sent['id'] as number;
    const [ownerQ, priyaQ] = await Promise.all([openQueue(owner), openQueue(priya)]);
    await noah.ok('POST', `/messages/${id}/typing`, { op: 'start' });
    await noah.ok('POST', `/messages/${id}/typing`, { op: 'stop' });
    const recipient = { type: 'channel', channel_id: generalId, topic: 'edits' };
    const expected = ['start', 'stop'].map((op) => ({
      type: 'typing_edit_message',
      op,
      sender_id: noah.userId,
      message_id: id,
      recipient,
    }));
    expect(strip(await ownerQ.drainTypes('typing_edit_message'))).toEqual(expected);
    expect(strip(await priyaQ.drainTypes('typing_edit_message'))).toEqual(expected);
  });

  it('direct: the participants hear it, listed as the recipient', async () => {
    const sent = await noah.ok('POST', '/messages', { type: 'direct', to: [priya.userId], content: 'hi' });
    const id = sent['id'] as number;
    const [ownerQ, priyaQ] = await Promise.all([openQueue(owner), openQueue(priya)]);
    await noah.ok('POST', `/messages/${id}/typing`, { op: 'start' });
    const users = [noah.userId, priya.userId].sort((a, b) => a - b);
    expect(strip(await priyaQ.drainTypes('typing_edit_message'))).toEqual([
      {
        type: 'typing_edit_message',
        op: 'start',
        sender_id: noah.userId,
        message_id: id,
        recipient: { type: 'direct', user_ids: users },
      },
    ]);
    expect(await ownerQ.drainTypes('typing_edit_message')).toEqual([]);
  });

  it('refuses a message the user may not edit or see, and a bad op, in Zulip’s words', async () => {
    const sent = await noah.ok('POST', '/messages', { type: 'stream', to: generalId, topic: 'edits', content: 'mine' });
    const id = sent['id'] as number;
    expectError(
      await priya.post(`/messages/${id}/typing`, { op: 'start' }),
      'BAD_REQUEST',
      "You don't have permission to edit this message",
    );
    expectError(await noah.post(`/messages/${id}/typing`, { op: 'go' }), 'BAD_REQUEST', 'Invalid op');
    expectError(await noah.post('/messages/99999999/typing', { op: 'start' }), 'BAD_REQUEST', 'Invalid message(s)');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, fetchMessage, freshTopic, loginRole, openQueue, type Client } from './messages-support';
import { sendToChannel, type Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let noah: Client;
let priya: Client;
let guest: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await loginRole(server, 100);
  noah = await loginRole(server, 400, 0);
  priya = await loginRole(server, 400, 1);
  guest = await loginRole(server, 600);
});
afterAll(() => server.stop());

const reactionsOf = async (api: Client, id: number): Promise<Obj[]> => (await fetchMessage(api, id))['reactions'];

describe('POST /messages/{id}/reactions', () => {
  it('adds a reaction by name, with reaction events to everyone who sees the message', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('react'), 'react to me');
    const watchers = [await openQueue(noah), await openQueue(priya), await openQueue(owner)];
    await priya.ok('POST', `/messages/${id}/reactions`, { emoji_name: 'tada' });
    for (const queue of watchers) {
      const [event] = await queue.drainTypes('reaction');
      expect(event).toMatchObject({
        type: 'reaction',
        op: 'add',
        message_id: id,
        user_id: priya.userId,
        // Priya shows her address to admins only, so her API email is the placeholder.
        user: { user_id: priya.userId, email: `user${priya.userId}@parley.localhost`, full_name: 'Priya Raman' },
        emoji_name: 'tada',
        emoji_code: '1f389',
        reaction_type: 'unicode_emoji',
      });
    }
    expect(await reactionsOf(noah, id)).toEqual([
      { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: priya.userId },
    ]);
    // A guest who is not in #general does not hear about it.
    const guestQueue = await openQueue(guest);
    await noah.ok('POST', `/messages/${id}/reactions`, { emoji_name: '+1' });
    expect(await guestQueue.drainTypes('reaction')).toEqual([]);
  });

  it('a second reaction with the same emoji under another name votes for the first one', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('vote'), 'vote');
    await priya.ok('POST', `/messages/${id}/reactions`, { emoji_name: 'thumbs_up' });
    await owner.ok('POST', `/messages/${id}/reactions`, {
      emoji_name: '+1',
      emoji_code: '1f44d',
      reaction_type: 'unicode_emoji',
    });
    const reactions = await reactionsOf(noah, id);
    expect(reactions.map((r) => [r['emoji_name'], r['user_id']])).toEqual([
      ['thumbs_up', priya.userId],
      ['thumbs_up', owner.userId],
    ]);
  });

  it('refuses duplicates and invalid emoji with Zulip codes and messages', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('bad emoji'), 'x');
    await priya.ok('POST', `/messages/${id}/reactions`, { emoji_name: 'heart' });
    expectError(
      await priya.post(`/messages/${id}/reactions`, { emoji_name: 'heart' }),
      'REACTION_ALREADY_EXISTS',
      'Reaction already exists.',
    );
    expectError(
      await priya.post(`/messages/${id}/reactions`, { emoji_name: 'no_such_emoji_here' }),
      'BAD_REQUEST',
      "Emoji 'no_such_emoji_here' does not exist",
    );
    expectError(
      await priya.post(`/messages/${id}/reactions`, {
        emoji_name: 'tada',
        emoji_code: 'zzzz',
        reaction_type: 'unicode_emoji',
      }),
      'BAD_REQUEST',
      'Invalid emoji code.',
    );
    expectError(
      await priya.post(`/messages/${id}/reactions`, {
        emoji_name: 'tada',
        emoji_code: '1f44d',
        reaction_type: 'unicode_emoji',
      }),
      'BAD_REQUEST',
      'Invalid emoji name.',
    );
    const missing = await priya.post(`/messages/${id}/reactions`, {});
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'emoji_name' });
    expectError(
      await priya.post('/messages/99999999/reactions', { emoji_name: 'tada' }),
      'BAD_REQUEST',
      'Invalid message(s)',
    );
  });

  it('the zulip extra emoji works; a guest cannot react to a channel it cannot read', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('zulip'), 'z');
    await priya.ok('POST', `/messages/${id}/reactions`, { emoji_name: 'zulip' });
    expect(await reactionsOf(priya, id)).toContainEqual(
      expect.objectContaining({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }),
    );
    expectError(
      await guest.post(`/messages/${id}/reactions`, { emoji_name: 'tada' }),
      'BAD_REQUEST',
      'Invalid message(s)',
    );
  });

  it('reacting to a public message the user never received makes it historical for them', async () => {
    // Olivia (owner) is not subscribed to #random.
    const id = await sendToChannel(noah, 'random', freshTopic('history'), 'old news');
    const before = await fetchMessage(owner, id);
    expect(before['flags']).toEqual(['read', 'historical']);
    await owner.ok('POST', `/messages/${id}/reactions`, { emoji_name: 'eyes' });
    const after = await fetchMessage(owner, id);
    expect(after['flags']).toEqual(['read', 'historical']);
    // Now it is part of the owner's own history (narrows without a channel find it).
    const body = await owner.ok('GET', '/messages', {
      anchor: id,
      num_before: 0,
      num_after: 0,
      narrow: [{ operator: 'has', operand: 'reaction' }],
    });
    expect(body['messages'].map((m: Obj) => m['id'])).toEqual([id]);
  });
});

describe('DELETE /messages/{id}/reactions', () => {
  it('removes by name or by code, with reaction remove events', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('unreact'), 'y');
    await priya.ok('POST', `/messages/${id}/reactions`, { emoji_name: 'rocket' });
    await priya.ok('POST', `/messages/${id}/reactions`, { emoji_name: 'fire' });
    const queue = await openQueue(noah);
    await priya.ok('DELETE', `/messages/${id}/reactions`, { emoji_name: 'rocket' });
    await priya.ok('DELETE', `/messages/${id}/reactions`, { emoji_code: '1f525', reaction_type: 'unicode_emoji' });
    const events = await queue.drainTypes('reaction');
    expect(events.map((e) => [e['op'], e['emoji_name'], e['emoji_code']])).toEqual([
      ['remove', 'rocket', '1f680'],
      ['remove', 'fire', '1f525'],
    ]);
    expect(await reactionsOf(noah, id)).toEqual([]);
  });

  it('REACTION_DOES_NOT_EXIST, and a name or code is required', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('none'), 'z');
    expectError(
      await priya.delete(`/messages/${id}/reactions`, { emoji_name: 'tada' }),
      'REACTION_DOES_NOT_EXIST',
      "Reaction doesn't exist.",
    );
    expectError(
      await priya.delete(`/messages/${id}/reactions`, {}),
      'BAD_REQUEST',
      'At least one of the following arguments must be present: emoji_name, emoji_code',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, fetchMessage, freshTopic, loginRole, type Client } from './messages-support';
import { login, sendToChannel } from './support';

let server: RunningDevServer;
let admin: Client;
let noah: Client;
let priya: Client;
let staff: Client[];

beforeAll(async () => {
  // A threshold of 5 makes the demo's #general (8 people) "large" without creating accounts.
  server = await startDevServer({ seed: 'demo', args: ['--wildcard-mention-threshold', '5'] });
  admin = await loginRole(server, 200);
  noah = await loginRole(server, 400, 0);
  priya = await loginRole(server, 400, 1);
  staff = await Promise.all(server.users.filter((u) => u.role !== 600).map((u) => login(server, u)));
});
afterAll(() => server.stop());

describe('channel wildcard mentions', () => {
  it('a member may not @-mention everyone in a channel above the threshold; an administrator may', async () => {
    for (const wildcard of ['all', 'everyone', 'channel', 'stream']) {
      expectError(
        await noah.post('/messages', { type: 'channel', to: 'general', topic: 'hi', content: `@**${wildcard}** hi` }),
        'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
        'You do not have permission to use channel wildcard mentions in this channel.',
      );
    }
    const id = await sendToChannel(admin, 'general', freshTopic('all hands'), '@**all** meeting at 3', {
      read_by_sender: true,
    });
    const flags = (await fetchMessage(priya, id))['flags'];
    expect(flags).toEqual(expect.arrayContaining(['stream_wildcard_mentioned', 'wildcard_mentioned']));
    expect(flags).not.toContain('mentioned');
  });

  it('small channels and direct messages allow anyone to use wildcards', async () => {
    // #design has five subscribers: not above the threshold.
    const id = await sendToChannel(priya, 'design', freshTopic('crit'), '@**all** crit today');
    expect((await fetchMessage(priya, id))['flags']).toContain('stream_wildcard_mentioned');
    const dm = await noah.ok('POST', '/messages', { type: 'direct', to: [priya.userId], content: '@**all** ping' });
    expect(dm['id']).toEqual(expect.any(Number));
  });

  it('editing a message to add a wildcard is checked the same way', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('edit wildcard'), 'hello');
    expectError(
      await noah.call('PATCH', `/messages/${id}`, { content: '@**everyone** hello' }),
      'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
    );
  });
});

describe('topic wildcard mentions', () => {
  it('counts the topic participants; only participants get topic_wildcard_mentioned', async () => {
    const small = freshTopic('small topic');
    await sendToChannel(priya, 'general', small, 'question');
    const id = await sendToChannel(noah, 'general', small, '@**topic** any ideas?');
    expect((await fetchMessage(priya, id))['flags']).toEqual(
      expect.arrayContaining(['topic_wildcard_mentioned', 'wildcard_mentioned']),
    );
    const bystander = staff.find((c) => c.userId !== priya.userId && c.userId !== noah.userId)!;
    expect((await fetchMessage(bystander, id))['flags']).not.toContain('topic_wildcard_mentioned');

    const busy = freshTopic('busy topic');
    for (const client of staff.slice(0, 6)) await sendToChannel(client, 'general', busy, 'me too');
    expectError(
      await noah.post('/messages', { type: 'channel', to: 'general', topic: busy, content: '@**topic** stop' }),
      'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
      'You do not have permission to use topic wildcard mentions in this topic.',
    );
    await sendToChannel(admin, 'general', busy, '@**topic** wrap up');
  });
});

describe('read_by_sender', () => {
  it('decides whether the sender sees the new message as read', async () => {
    const topic = freshTopic('read by sender');
    const read = await sendToChannel(noah, 'general', topic, 'a', { read_by_sender: true });
    const unread = await sendToChannel(noah, 'general', topic, 'b', { read_by_sender: false });
    expect((await fetchMessage(noah, read))['flags']).toContain('read');
    expect((await fetchMessage(noah, unread))['flags']).not.toContain('read');
    // Without the parameter, Zulip's interactive clients (by User-Agent) get their own messages read.
    const body = await noah.ok(
      'POST',
      '/messages',
      { type: 'channel', to: 'general', topic, content: 'c' },
      { headers: { 'user-agent': 'ZulipElectron/5.12.0' } },
    );
    expect((await fetchMessage(noah, body['id']))['flags']).toContain('read');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { login, sendToChannel, type Api, type Obj } from './support';

let server: RunningDevServer;
let member: Api & { userId: number; email: string };
let owner: Api & { userId: number; email: string };
let guest: Api & { userId: number; email: string };
let channels: Map<string, Obj>;

/** One message as `api` sees it, fetched back by ID. */
async function fetchOne(api: Api, id: number, params: Record<string, unknown> = {}): Promise<Obj> {
  const body = await api.ok('GET', '/messages', { message_ids: [id], ...(params as Record<string, never>) });
  expect(body['messages']).toHaveLength(1);
  return body['messages'][0];
}

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  member = await login(server, server.byRole(400));
  owner = await login(server, server.byRole(100));
  guest = await login(server, server.byRole(600));
  const reg = await owner.ok('POST', '/register', { fetch_event_types: ['subscription'] });
  channels = new Map([...reg['subscriptions'], ...reg['never_subscribed']].map((c: Obj) => [c['name'], c]));
});
afterAll(() => server.stop());

describe('POST /messages to a channel', () => {
  it('accepts the channel by name or ID, type channel or stream, topic or subject', async () => {
    const general = channels.get('general')!;
    const byName = await sendToChannel(member, 'general', 'send test', 'by *name*');
    const byId = await sendToChannel(member, general['stream_id'], 'send test', 'by id');
    const legacy = (
      await member.ok('POST', '/messages', {
        type: 'stream',
        to: JSON.stringify('general'),
        subject: 'send test',
        content: 'legacy',
      })
    )['id'];
    expect(byId).toBeGreaterThan(byName);
    for (const id of [byName, byId, legacy]) {
      const message = await fetchOne(member, id);
      expect(message).toMatchObject({
        type: 'stream',
        display_recipient: 'general',
        stream_id: general['stream_id'],
        subject: 'send test',
        sender_id: member.userId,
      });
    }
    expect((await fetchOne(member, byName))['content']).toBe('<p>by <em>name</em></p>');
  });

  it('reads "(no topic)" and the display name as the empty topic where the channel allows it', async () => {
    for (const topic of ['(no topic)', 'general chat', '']) {
      const id = await sendToChannel(member, 'help', topic, `empty topic via ${JSON.stringify(topic)}`);
      expect((await fetchOne(member, id, { allow_empty_topic_name: true }))['subject']).toBe('');
      expect((await fetchOne(member, id))['subject']).toBe('general chat');
    }
  });

  it('refuses an empty topic where topics are required', async () => {
    for (const topic of ['', '(no topic)', 'general chat', '   ']) {
      const res = await member.post('/messages', { type: 'channel', to: 'announcements', topic, content: 'no topic' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Sending messages to the general chat topic is not allowed in this channel.',
      });
    }
    expect(await sendToChannel(member, 'announcements', 'a real topic', 'fine')).toBeGreaterThan(0);
  });

  it('requires a topic parameter for channel messages', async () => {
    const res = await member.post('/messages', { type: 'channel', to: 'general', content: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'topic' });
  });

  it('truncates an over-long topic to max_topic_length, as Zulip does', async () => {
    const id = await sendToChannel(member, 'general', 't'.repeat(80), 'long topic');
    const subject = (await fetchOne(member, id))['subject'] as string;
    expect(subject).toHaveLength(60);
    expect(subject.endsWith('...')).toBe(true);
  });

  it('refuses control characters in a topic', async () => {
    const res = await member.post('/messages', {
      type: 'channel',
      to: 'general',
      topic: 'bad\u0007topic',
      content: 'x',
    });
    expect(res.status).toBe(400);
    expect(res.body['msg']).toBe('Invalid character in topic, at position 4!');
  });

  it('answers an unknown channel with STREAM_DOES_NOT_EXIST, by name and by ID', async () => {
    const byName = await member.post('/messages', { type: 'channel', to: 'no-such-channel', topic: 't', content: 'x' });
    expect(byName.status).toBe(400);
    expect(byName.body).toEqual({
      result: 'error',
      code: 'STREAM_DOES_NOT_EXIST',
      msg: "Channel 'no-such-channel' does not exist",
      stream: 'no-such-channel',
    });
    const byId = await member.post('/messages', { type: 'channel', to: 987654, topic: 't', content: 'x' });
    expect(byId.body).toEqual({
      result: 'error',
      code: 'STREAM_DOES_NOT_EXIST',
      msg: "Channel with ID '987654' does not exist",
      stream_id: 987654,
    });
  });

  it('hides a private channel from non-subscribers and keeps guests to their channels', async () => {
    const hidden = await member.post('/messages', { type: 'channel', to: 'leadership', topic: 't', content: 'x' });
    expect(hidden.body).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', stream: 'leadership' });
    expect(await sendToChannel(owner, 'leadership', 't', 'owner is subscribed')).toBeGreaterThan(0);
    const guestSend = await guest.post('/messages', { type: 'channel', to: 'general', topic: 't', content: 'x' });
    expect(guestSend.status).toBe(400);
    expect(guestSend.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: "Not authorized to send to channel 'general'",
    });
    expect(await sendToChannel(guest, 'partners', 'hello', 'guest in a channel they are in')).toBeGreaterThan(0);
  });
});

describe('POST /messages direct', () => {
  it('accepts user IDs, API emails (JSON or comma-separated), and type private', async () => {
    const ownerId = owner.userId;
    const ids = (await member.ok('POST', '/messages', { type: 'direct', to: [ownerId], content: 'by id' }))['id'];
    const emails = (await member.ok('POST', '/messages', { type: 'private', to: [owner.email], content: 'by email' }))[
      'id'
    ];
    const comma = (
      await member.ok('POST', '/messages', { type: 'direct', to: `${owner.email},${guest.email}`, content: 'group' })
    )['id'];
    for (const id of [ids, emails]) {
      const message = await fetchOne(owner, id);
      expect(message['type']).toBe('private');
      expect(message['subject']).toBe('');
      expect(message['display_recipient'].map((r: Obj) => r['id']).sort()).toEqual(
        [member.userId, ownerId].sort((a, b) => a - b),
      );
    }
    expect((await fetchOne(owner, ids))['recipient_id']).toBe((await fetchOne(owner, emails))['recipient_id']);
    const group = await fetchOne(guest, comma);
    expect(group['display_recipient']).toHaveLength(3);
    expect(group['display_recipient'][0]).toEqual({
      id: expect.any(Number),
      email: expect.any(String),
      full_name: expect.any(String),
      is_mirror_dummy: false,
    });
  });

  it('answers unknown and deactivated recipients with BAD_REQUEST', async () => {
    const unknownId = await member.post('/messages', { type: 'direct', to: [424242], content: 'x' });
    expect(unknownId.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid user ID 424242' });
    const unknownEmail = await member.post('/messages', { type: 'direct', to: ['ghost@parley.example'], content: 'x' });
    expect(unknownEmail.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: "Invalid email 'ghost@parley.example'",
    });
    const { members } = await owner.ok('GET', '/users');
    const former = (members as Array<Obj>).find((u) => !u['is_active']);
    const deactivated = await member.post('/messages', { type: 'direct', to: [former!['user_id']], content: 'x' });
    expect(deactivated.status).toBe(400);
    expect(deactivated.body['msg']).toBe(`'${former!['email']}' is no longer using Zulip.`);
  });
});

describe('POST /messages validation and flags', () => {
  it('rejects an unknown type, empty content, and queue_id without local_id', async () => {
    expect(
      (await member.post('/messages', { type: 'shout', to: 'general', topic: 't', content: 'x' })).body,
    ).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message type' });
    expect(
      (await member.post('/messages', { type: 'channel', to: 'general', topic: 't', content: '  \n ' })).body,
    ).toMatchObject({ code: 'BAD_REQUEST', msg: 'Message must not be empty' });
    expect((await member.post('/messages', { type: 'channel', to: 'general', topic: 't' })).body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'content',
    });
    const noLocal = await member.post('/messages', {
      type: 'channel',
      to: 'general',
      topic: 't',
      content: 'x',
      queue_id: 'abc',
    });
    expect(noLocal.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'local_id' });
  });

  it('truncates content past max_message_length with a marker', async () => {
    const id = await sendToChannel(member, 'general', 'long', 'a'.repeat(12_000));
    const content = (await fetchOne(member, id, { apply_markdown: false }))['content'] as string;
    expect(content).toHaveLength(10_000);
    expect(content.endsWith('\n[message truncated]')).toBe(true);
  });

  it('flags mentions for the mentioned user and applies read_by_sender for the sender', async () => {
    const { members } = await owner.ok('GET', '/users');
    const ownerName = (members as Array<Obj>).find((u) => u['user_id'] === owner.userId)!['full_name'];
    const id = await sendToChannel(member, 'general', 'flags', `hey @**${ownerName}**`, { read_by_sender: true });
    expect((await fetchOne(owner, id))['flags']).toEqual(['mentioned']);
    expect((await fetchOne(member, id))['flags']).toEqual(['read']);
    expect((await fetchOne(owner, id))['content']).toBe(
      `<p>hey <span class="user-mention" data-user-id="${owner.userId}">@${ownerName}</span></p>`,
    );
    const unread = await sendToChannel(member, 'general', 'flags', 'sent unread', { read_by_sender: false });
    expect((await fetchOne(member, unread))['flags']).toEqual([]);
  });

  it('guesses read_by_sender from the client: interactive Zulip apps read, scripts unread', async () => {
    const app = await member.ok(
      'POST',
      '/messages',
      { type: 'channel', to: 'general', topic: 'ua', content: 'from the app' },
      { headers: { 'user-agent': 'ZulipElectron/5.11 (Linux)' } },
    );
    const script = await member.ok(
      'POST',
      '/messages',
      { type: 'channel', to: 'general', topic: 'ua', content: 'from a script' },
      { headers: { 'user-agent': 'curl/8.0' } },
    );
    expect(await fetchOne(member, app['id'])).toMatchObject({ flags: ['read'], client: 'ZulipElectron' });
    expect(await fetchOne(member, script['id'])).toMatchObject({ flags: [], client: 'curl' });
  });

  it('renders Markdown safely: raw HTML escaped, fenced code in highlighted codehilite markup', async () => {
    const id = await sendToChannel(member, 'general', 'md', '<b>raw</b>\n```python\nx = 1 < 2\n```');
    const html = (await fetchOne(member, id))['content'] as string;
    expect(html).toContain('&lt;b&gt;raw&lt;/b&gt;');
    expect(html).not.toContain('<b>');
    // Zulip's markup: Pygments' token classes and the language's proper name.
    expect(html).toContain(
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code>x = <span class="mi">1</span> &lt; <span class="mi">2</span>\n</code></pre></div>',
    );
  });
});

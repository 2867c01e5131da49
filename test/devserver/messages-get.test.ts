import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { allMessages, ids, login, type Api, type Obj } from './support';

let server: RunningDevServer;
let owner: Api & { userId: number };
let guest: Api & { userId: number };
/** The owner's whole personal history, oldest first: the oracle the paging tests compare with. */
let history: Array<Obj>;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await login(server, server.byRole(100));
  guest = await login(server, server.byRole(600));
  history = await allMessages(owner);
});
afterAll(() => server.stop());

const page = (api: Api, params: Record<string, unknown>) => api.ok('GET', '/messages', params as Record<string, never>);

describe('GET /messages message objects', () => {
  it('carries every field a client reads, for channel and direct messages', async () => {
    expect(history.length).toBeGreaterThan(1000);
    const channel = history.find((m) => m['type'] === 'stream')!;
    const direct = history.find((m) => m['type'] === 'private')!;
    for (const message of [channel, direct]) {
      for (const field of [
        'id',
        'sender_id',
        'sender_email',
        'sender_full_name',
        'sender_realm_str',
        'avatar_url',
        'client',
        'content',
        'content_type',
        'display_recipient',
        'recipient_id',
        'subject',
        'timestamp',
        'is_me_message',
        'reactions',
        'submessages',
        'topic_links',
        'flags',
        'type',
      ]) {
        expect(message, field).toHaveProperty(field);
      }
      expect(message['content_type']).toBe('text/html');
    }
    expect(typeof channel['stream_id']).toBe('number');
    expect(typeof channel['display_recipient']).toBe('string');
    expect(direct).not.toHaveProperty('stream_id');
    expect(Array.isArray(direct['display_recipient'])).toBe(true);
    const reacted = history.find((m) => m['reactions'].length > 0)!;
    expect(reacted['reactions'][0]).toEqual({
      emoji_name: expect.any(String),
      emoji_code: expect.any(String),
      reaction_type: 'unicode_emoji',
      user_id: expect.any(Number),
    });
  });

  it('includes edit_history and last_edit_timestamp only for edited messages', async () => {
    const edited = history.filter((m) => 'last_edit_timestamp' in m);
    expect(edited.length).toBeGreaterThan(0);
    for (const message of edited) {
      expect(message['edit_history'][0]).toMatchObject({
        user_id: message['sender_id'],
        timestamp: message['last_edit_timestamp'],
        prev_content: expect.any(String),
        prev_rendered_content: expect.any(String),
      });
    }
    const plain = history.filter((m) => !('edit_history' in m));
    expect(plain.every((m) => !('last_edit_timestamp' in m))).toBe(true);
  });

  it('returns Markdown source with apply_markdown=false', async () => {
    const body = await page(owner, { anchor: 'newest', num_before: 20, num_after: 0, apply_markdown: false });
    for (const message of body['messages']) {
      expect(message['content_type']).toBe('text/x-markdown');
      expect(message['content']).not.toMatch(/^<p>/);
    }
  });
});

describe('GET /messages anchors', () => {
  it('newest: the last num_before messages, found_newest, the huge anchor', async () => {
    const body = await page(owner, { anchor: 'newest', num_before: 50, num_after: 10 });
    expect(ids(body['messages'])).toEqual(ids(history.slice(-50)));
    expect(body).toMatchObject({
      anchor: 10_000_000_000_000_000,
      found_newest: true,
      found_oldest: false,
      found_anchor: false,
      history_limited: false,
    });
  });

  it('oldest: the first num_after messages, found_oldest', async () => {
    const body = await page(owner, { anchor: 'oldest', num_before: 5, num_after: 30 });
    expect(ids(body['messages'])).toEqual(ids(history.slice(0, 30)));
    expect(body).toMatchObject({ anchor: 0, found_oldest: true, found_newest: false, found_anchor: false });
  });

  it('an integer anchor: before, the anchor itself, after; found_anchor', async () => {
    const at = 700;
    const anchor = history[at]!['id'];
    const body = await page(owner, { anchor: String(anchor), num_before: 3, num_after: 4 });
    expect(ids(body['messages'])).toEqual(ids(history.slice(at - 3, at + 5)));
    expect(body).toMatchObject({ anchor, found_anchor: true, found_oldest: false, found_newest: false });
    const excluded = await page(owner, { anchor: String(anchor), num_before: 3, num_after: 0, include_anchor: false });
    expect(ids(excluded['messages'])).toEqual(ids(history.slice(at - 3, at)));
    expect(excluded['found_anchor']).toBe(false);
  });

  it('an anchor outside the narrow is not found, and paging still works around it', async () => {
    const all = new Set(ids(history));
    let missing = history[100]!['id'] + 1;
    while (all.has(missing)) missing++;
    const body = await page(owner, { anchor: String(missing), num_before: 2, num_after: 2 });
    expect(body['found_anchor']).toBe(false);
    expect(body['messages']).toHaveLength(4);
    expect(body['messages'].every((m: Obj) => m['id'] !== missing)).toBe(true);
  });

  it('first_unread: anchors at the oldest unread message', async () => {
    const firstUnread = history.find((m) => !m['flags'].includes('read'))!;
    const body = await page(owner, { anchor: 'first_unread', num_before: 1, num_after: 1 });
    expect(body['anchor']).toBe(firstUnread['id']);
    expect(body['found_anchor']).toBe(true);
    expect(body['messages'][1]['id']).toBe(firstUnread['id']);
  });

  it('first_unread with nothing unread falls back to the newest end', async () => {
    const body = await page(owner, {
      anchor: 'first_unread',
      num_before: 2,
      num_after: 2,
      narrow: [
        { operator: 'is', operand: 'unread', negated: false },
        { operator: 'id', operand: 1 },
      ],
    });
    expect(body).toMatchObject({ anchor: 10_000_000_000_000_000, found_newest: true, messages: [] });
  });
});

describe('GET /messages errors and message_ids', () => {
  it('refuses more than 5000 messages', async () => {
    const res = await owner.get('/messages', { anchor: 'newest', num_before: 4000, num_after: 1001 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Too many messages requested (maximum 5000).',
    });
  });

  it('refuses message_ids together with range parameters', async () => {
    const res = await owner.get('/messages', { message_ids: [1, 2], anchor: 'newest', num_before: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Unsupported parameter combination: message_ids, anchor, num_before',
      parameters: 'message_ids, anchor, num_before',
    });
  });

  it('requires anchor and the counts when message_ids is absent', async () => {
    expect((await owner.get('/messages', { num_before: 1, num_after: 1 })).body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'anchor',
    });
    expect((await owner.get('/messages', { anchor: 'newest', num_after: 1 })).body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'num_before',
    });
    expect((await owner.get('/messages', { anchor: 'newest', num_before: 'x', num_after: 1 })).status).toBe(400);
    expect((await owner.get('/messages', { anchor: 'soonest', num_before: 1, num_after: 1 })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Invalid anchor',
    });
    expect(
      (await owner.get('/messages', { anchor: 5, num_before: 1, num_after: 1, include_anchor: false })).body,
    ).toMatchObject({ msg: 'The anchor can only be excluded at an end of the range' });
  });

  it('message_ids returns the accessible subset, with historical flags for unreceived public messages', async () => {
    const guestHistory = await allMessages(guest);
    const guestIds = new Set(ids(guestHistory));
    const notForGuest = history
      .filter((m) => !guestIds.has(m['id']))
      .slice(0, 5)
      .map((m) => m['id']);
    const guestOwn = ids(guestHistory.slice(0, 3));
    const body = await guest.ok('GET', '/messages', { message_ids: [...notForGuest, ...guestOwn] });
    expect(ids(body['messages'])).toEqual(guestOwn);
    expect(body).not.toHaveProperty('anchor');

    // The owner is not subscribed to some public channel; its messages are readable as historical.
    const reg = await owner.ok('POST', '/register', { fetch_event_types: ['subscription'] });
    const publicUnsubscribed = reg['never_subscribed'].find((c: Obj) => !c['invite_only']);
    expect(publicUnsubscribed).toBeDefined();
    const member = await login(server, server.byRole(400));
    const theirs = await member.ok('GET', '/messages', {
      anchor: 'newest',
      num_before: 3,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: publicUnsubscribed['stream_id'] }],
    });
    expect(theirs['messages'].length).toBeGreaterThan(0);
    const seen = await owner.ok('GET', '/messages', { message_ids: ids(theirs['messages']) });
    expect(ids(seen['messages'])).toEqual(ids(theirs['messages']));
    expect(seen['messages'].every((m: Obj) => m['flags'].join() === 'read,historical')).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { openQueue } from './queue_support';
import { login, type Api, type Obj } from './support';

type Client = Api & { userId: number; email: string };
let server: RunningDevServer;
let owner: Client;
let noah: Client;
let priya: Client;
let lars: Client;
let guest: Client;
const channel: Record<string, number> = {};

const byEmail = (email: string) => server.users.find((u) => u.email === email)!;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await login(server, server.byRole(100));
  noah = await login(server, byEmail('noah@parley.example'));
  priya = await login(server, byEmail('priya@parley.example'));
  lars = await login(server, byEmail('lars@parley.example'));
  guest = await login(server, server.byRole(600));
  const state = await owner.ok('POST', '/register', { fetch_event_types: ['subscription'] });
  for (const sub of [...state['subscriptions'], ...state['never_subscribed']] as Obj[])
    channel[sub['name']] = sub['stream_id'];
});
afterAll(() => server.stop());

async function errorOf(res: Promise<{ status: number; body: Obj }>): Promise<Obj> {
  const { status, body } = await res;
  return { status, ...body };
}

async function subscription(api: Api, name: string): Promise<Obj | undefined> {
  const state = await api.ok('POST', '/register', { fetch_event_types: ['subscription'] });
  return (state['subscriptions'] as Obj[]).find((s) => s['name'] === name);
}

describe('POST /users/me/subscriptions/properties', () => {
  it('sends two events for is_muted and in_home_view, to every client of the user', async () => {
    const first = await openQueue(noah, { event_types: ['subscription'] });
    const second = await openQueue(noah, { event_types: ['subscription'] });
    const general = channel['general']!;
    await noah.ok('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: general, property: 'is_muted', value: true }],
    });
    const expected = [
      expect.objectContaining({
        type: 'subscription',
        op: 'update',
        stream_id: general,
        property: 'in_home_view',
        value: false,
      }),
      expect.objectContaining({
        type: 'subscription',
        op: 'update',
        stream_id: general,
        property: 'is_muted',
        value: true,
      }),
    ];
    expect(await first.take()).toEqual(expected);
    expect(await second.take()).toEqual(expected);
    expect(await subscription(noah, 'general')).toMatchObject({ is_muted: true, in_home_view: false });

    await noah.ok('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: general, property: 'in_home_view', value: true }],
    });
    expect((await first.take()).map((e) => [e['property'], e['value']])).toEqual([
      ['in_home_view', true],
      ['is_muted', false],
    ]);
    expect(await subscription(noah, 'general')).toMatchObject({ is_muted: false, in_home_view: true });
  });

  it('sets color, pinning and each notification setting', async () => {
    const queue = await openQueue(noah, { event_types: ['subscription'] });
    const id = channel['random']!;
    const data = [
      { stream_id: id, property: 'color', value: '#abcdef' },
      { stream_id: id, property: 'pin_to_top', value: true },
      { stream_id: id, property: 'desktop_notifications', value: true },
      { stream_id: id, property: 'audible_notifications', value: false },
      { stream_id: id, property: 'push_notifications', value: true },
      { stream_id: id, property: 'email_notifications', value: false },
      { stream_id: id, property: 'wildcard_mentions_notify', value: true },
    ];
    await noah.ok('POST', '/users/me/subscriptions/properties', { subscription_data: data });
    expect((await queue.take()).map((e) => [e['property'], e['value']])).toEqual(
      data.map((d) => [d.property, d.value]),
    );
    expect(await subscription(noah, 'random')).toMatchObject({
      color: '#abcdef',
      pin_to_top: true,
      desktop_notifications: true,
      audible_notifications: false,
      push_notifications: true,
      email_notifications: false,
      wildcard_mentions_notify: true,
    });
  });

  it('refuses bad input without applying any part of the batch', async () => {
    const id = channel['random']!;
    const cases: Array<[unknown, string]> = [
      [{ stream_id: id, property: 'color', value: 'red' }, 'color is not a valid hex color code'],
      [{ stream_id: id, property: 'volume', value: true }, 'Unknown subscription property: volume'],
      [{ stream_id: id, property: 'pin_to_top', value: 'yes' }, 'pin_to_top is not a boolean'],
      [
        { stream_id: channel['design'], property: 'pin_to_top', value: true },
        `Not subscribed to channel ID ${channel['design']}`,
      ],
      [{ stream_id: channel['leadership'], property: 'pin_to_top', value: true }, 'Invalid channel ID'],
    ];
    for (const [bad, msg] of cases) {
      const data = [{ stream_id: id, property: 'pin_to_top', value: false }, bad];
      const res = await errorOf(noah.post('/users/me/subscriptions/properties', { subscription_data: data }));
      expect(res).toMatchObject({ status: 400, code: 'BAD_REQUEST', msg });
    }
    expect((await subscription(noah, 'random'))!['pin_to_top']).toBe(true);
    const missing = await errorOf(noah.post('/users/me/subscriptions/properties', {}));
    expect(missing).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'subscription_data' });
  });
});

describe('POST /users/me/subscriptions', () => {
  it('subscribes the caller: subscription add to them, peer_add to the others', async () => {
    const own = await openQueue(noah, { event_types: ['subscription', 'stream'] });
    const peer = await openQueue(priya, { event_types: ['subscription'] });
    const body = await noah.ok('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'design' }] });
    expect(body).toMatchObject({ subscribed: { [noah.userId]: ['design'] }, already_subscribed: {} });
    const [add] = await own.take();
    expect(add).toMatchObject({ type: 'subscription', op: 'add' });
    expect(add!['subscriptions'][0]).toMatchObject({ stream_id: channel['design'], name: 'design', is_muted: false });
    expect(add!['subscriptions'][0]['subscribers']).toContain(noah.userId);
    expect(await peer.take()).toEqual([
      expect.objectContaining({ op: 'peer_add', stream_ids: [channel['design']], user_ids: [noah.userId] }),
    ]);
    const again = await noah.ok('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'design' }] });
    expect(again).toMatchObject({ subscribed: {}, already_subscribed: { [noah.userId]: ['design'] } });
  });

  it('reports private channels the caller cannot reach, fatally or not', async () => {
    const fatal = await errorOf(noah.post('/users/me/subscriptions', { subscriptions: [{ name: 'leadership' }] }));
    expect(fatal).toMatchObject({ status: 400, code: 'BAD_REQUEST', msg: 'Unable to access channel (leadership).' });
    const soft = await noah.ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'leadership' }, { name: 'help' }],
      authorization_errors_fatal: false,
    });
    expect(soft).toMatchObject({
      unauthorized: ['leadership'],
      subscribed: {},
      already_subscribed: { [noah.userId]: ['help'] },
    });
    expect(
      (await errorOf(guest.post('/users/me/subscriptions', { subscriptions: [{ name: 'general' }] })))['msg'],
    ).toBe('Not allowed for guest users');
  });

  it('subscribes others by ID or email, telling them by direct message', async () => {
    const queue = await openQueue(lars, { event_types: ['subscription', 'message'] });
    const body = await noah.ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'partners', color: '#123456' }],
      principals: [lars.userId],
    });
    expect(body).toMatchObject({ subscribed: { [lars.userId]: ['partners'] }, new_subscription_messages_sent: true });
    const events = await queue.take();
    const add = events.find((e) => e['type'] === 'subscription' && e['op'] === 'add')!;
    expect(add['subscriptions'][0]).toMatchObject({ name: 'partners', color: '#123456' });
    const dm = events.find((e) => e['type'] === 'message')!;
    expect(dm['message']).toMatchObject({ type: 'private', sender_full_name: 'Notification Bot' });
    expect(dm['message']['content']).toContain('subscribed you to');
    const byEmailBody = await noah.ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'partners' }],
      principals: [lars.email],
    });
    expect(byEmailBody['already_subscribed']).toEqual({ [lars.userId]: ['partners'] });
    const unknown = await errorOf(
      noah.post('/users/me/subscriptions', { subscriptions: [{ name: 'help' }], principals: [9999] }),
    );
    expect(unknown).toMatchObject({ status: 400, code: 'BAD_REQUEST', msg: 'Invalid user ID: 9999' });
  });

  it('shows a channel to a guest before subscribing them to it', async () => {
    const queue = await openQueue(guest, { event_types: ['subscription', 'stream'] });
    await owner.ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'random' }],
      principals: [guest.userId],
    });
    const events = await queue.take();
    expect(events.map((e) => `${e['type']}/${e['op']}`)).toEqual(['stream/create', 'subscription/add']);
    expect(events[0]!['streams'][0]).toMatchObject({ stream_id: channel['random'], name: 'random' });
  });

  it('adds to a private channel: create and add for the newcomer, peer_add for members', async () => {
    const newcomer = await openQueue(noah, { event_types: ['subscription', 'stream'] });
    const member = await openQueue(owner, { event_types: ['subscription'] });
    await owner.ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'leadership' }],
      principals: [noah.userId],
    });
    expect((await newcomer.take()).map((e) => `${e['type']}/${e['op']}`)).toEqual([
      'stream/create',
      'subscription/add',
    ]);
    expect(await member.take()).toEqual([
      expect.objectContaining({ op: 'peer_add', stream_ids: [channel['leadership']], user_ids: [noah.userId] }),
    ]);
    // Noah may not add others to it: members cannot reach the channel's add-subscribers permission.
    await noah.ok('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'leadership' }] });
  });

  it('creates missing channels with the creation options', async () => {
    const watcher = await openQueue(priya, { event_types: ['stream', 'subscription'] });
    const body = await noah.ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'made-by-subscribing', description: 'Line one\nline two' }],
      history_public_to_subscribers: true,
    });
    expect(body['subscribed']).toEqual({ [noah.userId]: ['made-by-subscribing'] });
    const events = await watcher.take();
    expect(events.map((e) => `${e['type']}/${e['op']}`)).toEqual(['stream/create', 'subscription/peer_add']);
    expect(events[0]!['streams'][0]).toMatchObject({
      name: 'made-by-subscribing',
      description: 'Line one line two',
      invite_only: false,
      creator_id: noah.userId,
      subscriber_count: 0,
    });
  });
});

describe('DELETE /users/me/subscriptions', () => {
  it('unsubscribes the caller: remove to them, peer_remove to the others', async () => {
    const own = await openQueue(noah, { event_types: ['subscription'] });
    const peer = await openQueue(priya, { event_types: ['subscription'] });
    const body = await noah.ok('DELETE', '/users/me/subscriptions', { subscriptions: ['design'] });
    expect(body).toMatchObject({ removed: ['design'], not_removed: [] });
    expect(await own.take()).toEqual([
      expect.objectContaining({ op: 'remove', subscriptions: [{ stream_id: channel['design'], name: 'design' }] }),
    ]);
    expect(await peer.take()).toEqual([
      expect.objectContaining({ op: 'peer_remove', stream_ids: [channel['design']], user_ids: [noah.userId] }),
    ]);
    expect(await noah.ok('DELETE', '/users/me/subscriptions', { subscriptions: ['design'] })).toMatchObject({
      removed: [],
      not_removed: ['design'],
    });
    const state = await noah.ok('POST', '/register', { fetch_event_types: ['subscription'] });
    expect((state['unsubscribed'] as Obj[]).map((s) => s['name'])).toContain('design');
  });

  it('answers STREAM_DOES_NOT_EXIST for unknown or invisible channels', async () => {
    const res = await errorOf(priya.delete('/users/me/subscriptions', { subscriptions: ['nowhere'] }));
    expect(res).toMatchObject({
      status: 400,
      code: 'STREAM_DOES_NOT_EXIST',
      msg: "Channel 'nowhere' does not exist",
      stream: 'nowhere',
    });
    expect((await errorOf(priya.delete('/users/me/subscriptions', { subscriptions: ['leadership'] })))['code']).toBe(
      'STREAM_DOES_NOT_EXIST',
    );
  });

  it('removes others only with permission, and takes a private channel out of sight', async () => {
    const denied = await errorOf(
      noah.delete('/users/me/subscriptions', { subscriptions: ['random'], principals: [priya.userId] }),
    );
    expect(denied).toMatchObject({ status: 400, msg: 'Insufficient permission' });
    const target = await openQueue(noah, { event_types: ['subscription', 'stream'] });
    await owner.ok('DELETE', '/users/me/subscriptions', { subscriptions: ['leadership'], principals: [noah.userId] });
    expect((await target.take()).map((e) => `${e['type']}/${e['op']}`)).toEqual([
      'subscription/remove',
      'stream/delete',
    ]);
  });
});

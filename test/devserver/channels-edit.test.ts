import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { openQueue } from './queue_support';
import { login, sendToChannel, type Api, type Obj } from './support';

type Client = Api & { userId: number; email: string };
let server: RunningDevServer;
let owner: Client;
let admin: Client;
let noah: Client;
let priya: Client;
let zanele: Client;
const groups: Record<string, number> = {};

const byEmail = (email: string) => server.users.find((u) => u.email === email)!;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await login(server, server.byRole(100));
  admin = await login(server, server.byRole(200));
  noah = await login(server, byEmail('noah@parley.example'));
  priya = await login(server, byEmail('priya@parley.example'));
  zanele = await login(server, byEmail('zanele@parley.example'));
  for (const group of (await owner.ok('GET', '/user_groups'))['user_groups'] as Obj[])
    groups[group['name']] = group['id'];
});
afterAll(() => server.stop());

async function errorOf(res: Promise<{ status: number; body: Obj }>): Promise<Obj> {
  const { status, body } = await res;
  return { status, ...body };
}

const patch = (api: Api, id: number, params: Record<string, unknown>) =>
  api.call('PATCH', `/streams/${id}`, params as Record<string, never>);

async function newChannel(name: string, subscribers: number[]): Promise<number> {
  return (await noah.ok('POST', '/channels/create', { name, subscribers }))['id'];
}

describe('PATCH /streams/{stream_id}', () => {
  it('renames and redescribes for channel administrators, with stream update events', async () => {
    const id = await newChannel('draft-room', [noah.userId]);
    const viewer = await openQueue(zanele, { event_types: ['stream'] });
    await noah.ok('PATCH', `/streams/${id}`, { new_name: 'final-room', description: 'Now *final*' });
    expect(await viewer.take()).toEqual([
      expect.objectContaining({
        op: 'update',
        stream_id: id,
        name: 'draft-room',
        property: 'description',
        value: 'Now *final*',
        rendered_description: '<p>Now <em>final</em></p>',
      }),
      expect.objectContaining({
        op: 'update',
        stream_id: id,
        name: 'draft-room',
        property: 'name',
        value: 'final-room',
      }),
    ]);
    expect(await errorOf(patch(noah, id, { new_name: 'final-room' }))).toMatchObject({
      msg: 'Channel already has that name.',
    });
    expect(await errorOf(patch(noah, id, { new_name: 'General' }))).toMatchObject({
      status: 409,
      code: 'CHANNEL_ALREADY_EXISTS',
    });
    expect(await errorOf(patch(priya, id, { description: 'mine' }))).toMatchObject({
      status: 400,
      msg: 'You do not have permission to administer this channel.',
    });
    expect(await errorOf(patch(noah, 999999, { description: 'x' }))).toMatchObject({ msg: 'Invalid channel ID' });
  });

  it('makes a channel private and public again, moving non-subscribers out and back in', async () => {
    const id = await newChannel('toggle', [noah.userId, priya.userId]);
    const outsider = await openQueue(zanele, { event_types: ['stream', 'subscription'] });
    const member = await openQueue(priya, { event_types: ['stream'] });
    await noah.ok('PATCH', `/streams/${id}`, { is_private: true });
    expect(await outsider.take()).toEqual([
      expect.objectContaining({ type: 'stream', op: 'delete', stream_ids: [id] }),
    ]);
    expect(await member.take()).toEqual([
      expect.objectContaining({
        property: 'invite_only',
        value: true,
        history_public_to_subscribers: false,
        is_web_public: false,
      }),
    ]);
    await noah.ok('PATCH', `/streams/${id}`, { is_private: false });
    const back = await outsider.take();
    expect(back.map((e) => `${e['type']}/${e['op']}`)).toEqual(['stream/create', 'subscription/peer_add']);
    expect(back[1]).toMatchObject({ stream_ids: [id], user_ids: [noah.userId, priya.userId] });
    expect(await errorOf(patch(noah, id, { history_public_to_subscribers: false }))).toMatchObject({
      msg: 'Invalid parameters',
    });
  });

  it('allows empty_topic_only only when every message is in the empty topic', async () => {
    const id = await newChannel('chatter', [noah.userId]);
    await sendToChannel(noah, id, 'named', 'hello');
    expect(await errorOf(patch(noah, id, { topics_policy: 'empty_topic_only' }))).toMatchObject({
      msg: 'To enable this configuration, all messages in this channel must be in the general chat topic. Consider renaming or deleting other topics.',
    });
    // Created as empty_topic_only, its creation notice went to the empty topic, so the policy can return.
    const other = (
      await noah.ok('POST', '/channels/create', {
        name: 'quiet',
        subscribers: [],
        topics_policy: JSON.stringify('empty_topic_only'),
      })
    )['id'];
    await noah.ok('PATCH', `/streams/${other}`, { topics_policy: 'inherit' });
    await noah.ok('PATCH', `/streams/${other}`, { topics_policy: 'empty_topic_only' });
    const state = await noah.ok('POST', '/register', { fetch_event_types: ['stream'] });
    expect((state['streams'] as Obj[]).find((s) => s['stream_id'] === other)!['topics_policy']).toBe(
      'empty_topic_only',
    );
  });

  it('moves channels between folders and changes settings given the right old value', async () => {
    const id = await newChannel('filed', [noah.userId]);
    const folder = (await admin.ok('POST', '/channel_folders/create', { name: 'Archive', description: '' }))[
      'channel_folder_id'
    ];
    const viewer = await openQueue(zanele, { event_types: ['stream'] });
    await noah.ok('PATCH', `/streams/${id}`, { folder_id: folder });
    await noah.ok('PATCH', `/streams/${id}`, { folder_id: null });
    expect(
      await errorOf(
        patch(noah, id, { can_send_message_group: { new: groups['role:members'], old: groups['role:owners'] } }),
      ),
    ).toMatchObject({
      msg: "'old' value does not match the expected value.",
    });
    await noah.ok('PATCH', `/streams/${id}`, {
      can_send_message_group: { new: groups['role:members'], old: groups['role:everyone'] },
    });
    expect((await viewer.take()).map((e) => [e['property'], e['value']])).toEqual([
      ['folder_id', folder],
      ['folder_id', null],
      ['can_send_message_group', groups['role:members']],
    ]);
    expect(await errorOf(patch(noah, id, { folder_id: 4242 }))).toMatchObject({ msg: 'Invalid channel folder ID' });
  });

  it('lets administrators manage default channels and owners retention', async () => {
    const id = await newChannel('defaulted', [noah.userId]);
    expect(await errorOf(patch(noah, id, { is_default_stream: true }))).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
    });
    const queue = await openQueue(zanele, { event_types: ['default_streams', 'stream'] });
    await admin.ok('PATCH', `/streams/${id}`, { is_default_stream: true });
    await owner.ok('PATCH', `/streams/${id}`, { message_retention_days: 7 });
    const events = await queue.take();
    expect(events[0]!['default_streams']).toContain(id);
    expect(events[1]).toMatchObject({ property: 'message_retention_days', value: 7 });
    expect(await errorOf(patch(admin, id, { message_retention_days: 'unlimited' }))).toMatchObject({
      msg: 'Must be an organization owner',
    });
  });
});

describe('archiving', () => {
  it('hides archived channels from clients without archived_channels, and brings them back', async () => {
    const id = await newChannel('retired', [noah.userId, zanele.userId]);
    const legacy = await openQueue(zanele, { event_types: ['stream'] });
    const modern = await openQueue(zanele, {
      event_types: ['stream'],
      client_capabilities: { archived_channels: true },
    });
    await noah.ok('DELETE', `/streams/${id}`);
    expect(await legacy.take()).toEqual([
      expect.objectContaining({ op: 'delete', stream_ids: [id], streams: [{ stream_id: id }] }),
    ]);
    expect(await modern.take()).toEqual([
      expect.objectContaining({ op: 'update', stream_id: id, property: 'is_archived', value: true }),
    ]);

    const names = (state: Obj) => (state['subscriptions'] as Obj[]).map((s) => s['stream_id']);
    const plain = await zanele.ok('POST', '/register', { fetch_event_types: ['subscription'] });
    const capable = await zanele.ok('POST', '/register', {
      fetch_event_types: ['subscription'],
      client_capabilities: { archived_channels: true },
    });
    expect([names(plain).includes(id), names(capable).includes(id)]).toEqual([false, true]);
    expect((capable['subscriptions'] as Obj[]).find((s) => s['stream_id'] === id)!['is_archived']).toBe(true);
    const send = await noah.post('/messages', { type: 'channel', to: id, topic: 't', content: 'still here?' });
    expect(send.status).toBe(400);
    expect(await errorOf(noah.delete(`/streams/${id}`))).toMatchObject({ msg: 'Channel is already deactivated' });

    await noah.ok('PATCH', `/streams/${id}`, { is_archived: false });
    expect(await legacy.take()).toEqual([
      expect.objectContaining({
        op: 'create',
        streams: [expect.objectContaining({ stream_id: id, is_archived: false })],
      }),
    ]);
    expect(await modern.take()).toEqual([
      expect.objectContaining({ op: 'update', property: 'is_archived', value: false }),
    ]);
  });

  it('is for channel administrators only', async () => {
    const id = await newChannel('keepers', [noah.userId]);
    expect(await errorOf(priya.delete(`/streams/${id}`))).toMatchObject({
      msg: 'You do not have permission to administer this channel.',
    });
    await admin.ok('DELETE', `/streams/${id}`);
  });
});

describe('reading channels', () => {
  it('GET /streams, /streams/{id}, /streams/{id}/members, /get_stream_id and /users/me/subscriptions', async () => {
    const streams = (await priya.ok('GET', '/streams'))['streams'] as Obj[];
    const names = streams.map((s) => s['name']);
    expect(names).toEqual(expect.arrayContaining(['general', 'design']));
    expect(names).not.toContain('leadership');
    const general = streams.find((s) => s['name'] === 'general')!;
    expect((await priya.ok('GET', `/streams/${general['stream_id']}`))['stream']).toMatchObject({ name: 'general' });
    expect((await priya.ok('GET', `/streams/${general['stream_id']}/members`))['subscribers']).toContain(priya.userId);
    expect(await priya.ok('GET', '/get_stream_id', { stream: 'general' })).toMatchObject({
      stream_id: general['stream_id'],
    });
    expect(await errorOf(priya.get('/get_stream_id', { stream: 'leadership' }))).toMatchObject({
      msg: "Invalid channel name 'leadership'",
    });
    expect(await errorOf(priya.get('/streams', { include_all: true }))).toMatchObject({
      msg: 'User not authorized for this query',
    });
    const all = (await owner.ok('GET', '/streams', { include_all: true }))['streams'] as Obj[];
    expect(all.map((s) => s['name'])).toContain('leadership');
    const subs = (await priya.ok('GET', '/users/me/subscriptions', { include_subscribers: 'true' }))[
      'subscriptions'
    ] as Obj[];
    expect(subs.find((s) => s['name'] === 'general')!['subscribers']).toContain(priya.userId);
  });
});

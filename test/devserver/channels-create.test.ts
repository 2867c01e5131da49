import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { openQueue } from './queue_support';
import { login, type Api, type Obj, type ParamValue } from './support';

type Client = Api & { userId: number; email: string };
let server: RunningDevServer;
let owner: Client;
let admin: Client;
let noah: Client;
let priya: Client;
let zanele: Client;
let guest: Client;
const groups: Record<string, number> = {};

const byEmail = (email: string) => server.users.find((u) => u.email === email)!;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await login(server, server.byRole(100));
  admin = await login(server, server.byRole(200));
  noah = await login(server, byEmail('noah@parley.example'));
  priya = await login(server, byEmail('priya@parley.example'));
  zanele = await login(server, byEmail('zanele@parley.example'));
  guest = await login(server, server.byRole(600));
  for (const group of (await owner.ok('GET', '/user_groups'))['user_groups'] as Obj[])
    groups[group['name']] = group['id'];
});
afterAll(() => server.stop());

async function errorOf(res: Promise<{ status: number; body: Obj }>): Promise<Obj> {
  const { status, body } = await res;
  return { status, ...body };
}

/** Creates a channel and returns it as the creator's register reports it. */
async function create(api: Api, name: string, params: Record<string, ParamValue> = {}): Promise<Obj> {
  const { id } = await api.ok('POST', '/channels/create', { name, subscribers: [], ...params });
  const state = await api.ok('POST', '/register', { fetch_event_types: ['stream'] });
  return (state['streams'] as Obj[]).find((s) => s['stream_id'] === id)!;
}

describe('POST /channels/create', () => {
  it('creates the channel and sends create, add, peer_add and the notices', async () => {
    const outsider = await openQueue(zanele, { event_types: ['stream', 'subscription', 'message'] });
    const insider = await openQueue(noah, { event_types: ['stream', 'subscription', 'message'] });
    const { id } = await owner.ok('POST', '/channels/create', {
      name: 'launch',
      description: '**Big** day, see #**general**',
      subscribers: [noah.userId, priya.userId],
      announce: true,
    });
    const seen = await outsider.take();
    expect(seen.map((e) => `${e['type']}/${e['op'] ?? ''}`)).toEqual([
      'stream/create',
      'subscription/peer_add',
      'message/',
    ]);
    expect(seen[0]!['streams'][0]).toMatchObject({
      stream_id: id,
      name: 'launch',
      description: '**Big** day, see #**general**',
      invite_only: false,
      history_public_to_subscribers: true,
      is_web_public: false,
      creator_id: owner.userId,
      subscriber_count: 0,
      topics_policy: 'inherit',
      folder_id: null,
      message_retention_days: null,
      can_administer_channel_group: { direct_members: [owner.userId], direct_subgroups: [] },
      can_send_message_group: groups['role:everyone'],
      can_remove_subscribers_group: groups['role:administrators'],
    });
    expect(seen[0]!['streams'][0]['rendered_description']).toContain('<strong>Big</strong>');
    expect(seen[1]).toMatchObject({ stream_ids: [id], user_ids: [noah.userId, priya.userId] });
    expect(seen[2]!['message']).toMatchObject({ display_recipient: 'general', subject: 'new channels' });
    expect(seen[2]!['message']['content']).toContain('created a new channel');

    const mine = await insider.take();
    expect(mine.slice(0, 2).map((e) => `${e['type']}/${e['op']}`)).toEqual(['stream/create', 'subscription/add']);
    expect(mine[1]!['subscriptions'][0]).toMatchObject({
      stream_id: id,
      subscribers: [noah.userId, priya.userId],
      subscriber_count: 2,
    });
    const notice = mine.find((e) => e['type'] === 'message' && e['message']['display_recipient'] === 'launch')!;
    expect(notice['message']).toMatchObject({ subject: 'channel events', sender_full_name: 'Notification Bot' });
    // Queues get Markdown source unless they register with apply_markdown.
    expect(notice['message']['content']).toBe(
      `**Public** channel created by @_**${server.byRole(100).fullName}|${owner.userId}**. **Description:**\n\n> **Big** day, see #**general**`,
    );
  });

  it('answers 409 CHANNEL_ALREADY_EXISTS and checks name, description and subscribers', async () => {
    expect(await errorOf(owner.post('/channels/create', { name: 'LAUNCH', subscribers: [] }))).toEqual({
      status: 409,
      result: 'error',
      code: 'CHANNEL_ALREADY_EXISTS',
      msg: "Channel 'LAUNCH' already exists",
    });
    const cases: Array<[Record<string, ParamValue>, string]> = [
      [{ name: 'x'.repeat(61) }, 'Channel name too long (limit: 60 characters).'],
      [{ name: '   ' }, "Channel name can't be empty."],
      [{ name: 'ok', description: 'd'.repeat(1025) }, 'description is too long (limit: 1024 characters)'],
      [{ name: 'ok', subscribers: [424242] }, 'Invalid user ID: 424242'],
    ];
    for (const [params, msg] of cases) {
      expect(await errorOf(owner.post('/channels/create', { subscribers: [], ...params }))).toMatchObject({
        status: 400,
        msg,
      });
    }
    expect(await errorOf(owner.post('/channels/create', { name: 'ok' }))).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'subscribers',
    });
    expect(await errorOf(guest.post('/channels/create', { name: 'guest-room', subscribers: [] }))).toMatchObject({
      msg: 'Not allowed for guest users',
    });
  });

  it('creates private channels visible only to subscribers and administrators', async () => {
    const outsider = await openQueue(zanele, { event_types: ['stream', 'subscription'] });
    const administrator = await openQueue(admin, { event_types: ['stream', 'subscription'] });
    const { id } = await noah.ok('POST', '/channels/create', {
      name: 'secret-plans',
      subscribers: [noah.userId, priya.userId],
      invite_only: true,
    });
    expect(await outsider.take()).toEqual([]);
    expect((await administrator.take()).map((e) => `${e['type']}/${e['op']}`)).toEqual([
      'stream/create',
      'subscription/peer_add',
    ]);
    const state = await priya.ok('POST', '/register', { fetch_event_types: ['subscription'] });
    const sub = (state['subscriptions'] as Obj[]).find((s) => s['stream_id'] === id)!;
    expect(sub).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    const shared = { invite_only: true, history_public_to_subscribers: true, subscribers: [noah.userId] };
    expect(await create(noah, 'shared-secret', shared)).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: true,
    });
    // Public channels always keep their history public.
    expect(await create(noah, 'open-book', { history_public_to_subscribers: false })).toMatchObject({
      history_public_to_subscribers: true,
    });
  });

  it('makes default channels for administrators only, never private ones', async () => {
    expect(
      await errorOf(noah.post('/channels/create', { name: 'everyone-here', subscribers: [], is_default_stream: true })),
    ).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    expect(
      await errorOf(
        admin.post('/channels/create', { name: 'x1', subscribers: [], is_default_stream: true, invite_only: true }),
      ),
    ).toMatchObject({ msg: 'A default channel cannot be private.' });
    const queue = await openQueue(noah, { event_types: ['default_streams'] });
    const { id } = await admin.ok('POST', '/channels/create', {
      name: 'welcome',
      subscribers: [],
      is_default_stream: true,
    });
    const [event] = await queue.take();
    expect(event!['default_streams']).toContain(id);
    const state = await noah.ok('POST', '/register', { fetch_event_types: ['default_streams'] });
    expect(state['realm_default_streams']).toContain(id);
  });

  it('sets message retention for owners: realm_default, unlimited or days', async () => {
    expect(await create(owner, 'keep-forever', { message_retention_days: 'unlimited' })).toMatchObject({
      message_retention_days: -1,
    });
    expect(await create(owner, 'keep-month', { message_retention_days: 30 })).toMatchObject({
      message_retention_days: 30,
    });
    expect(await create(admin, 'keep-default', { message_retention_days: 'realm_default' })).toMatchObject({
      message_retention_days: null,
    });
    expect(
      await errorOf(admin.post('/channels/create', { name: 'x2', subscribers: [], message_retention_days: 30 })),
    ).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization owner',
    });
    for (const bad of ['forever', 0]) {
      expect(
        await errorOf(owner.post('/channels/create', { name: 'x3', subscribers: [], message_retention_days: bad })),
      ).toMatchObject({
        msg: `Bad value for 'message_retention_days': ${bad}`,
      });
    }
  });

  it('sets topics policy and folder', async () => {
    expect(await create(noah, 'chat-only', { topics_policy: JSON.stringify('empty_topic_only') })).toMatchObject({
      topics_policy: 'empty_topic_only',
    });
    expect(
      await errorOf(
        noah.post('/channels/create', { name: 'x4', subscribers: [], topics_policy: JSON.stringify('bogus') }),
      ),
    ).toMatchObject({
      msg: 'Invalid topics_policy',
    });
    const folder = await admin.ok('POST', '/channel_folders/create', { name: 'Projects', description: '' });
    expect(await create(noah, 'in-folder', { folder_id: folder['channel_folder_id'] })).toMatchObject({
      folder_id: folder['channel_folder_id'],
    });
    expect(
      await errorOf(noah.post('/channels/create', { name: 'x5', subscribers: [], folder_id: 9999 })),
    ).toMatchObject({
      msg: 'Invalid channel folder ID',
    });
  });

  it('validates every group-setting value', async () => {
    const channel = await create(noah, 'moderated', {
      can_send_message_group: groups['role:administrators']!,
      can_add_subscribers_group: { direct_members: [priya.userId], direct_subgroups: [groups['backend']!] },
      can_subscribe_group: { direct_members: [], direct_subgroups: [groups['leads']!] },
    });
    expect(channel).toMatchObject({
      can_send_message_group: groups['role:administrators'],
      can_add_subscribers_group: { direct_members: [priya.userId], direct_subgroups: [groups['backend']] },
      can_subscribe_group: groups['leads'],
      can_administer_channel_group: { direct_members: [noah.userId], direct_subgroups: [] },
    });
    const cases: Array<[string, unknown, string]> = [
      [
        'can_add_subscribers_group',
        groups['role:internet'],
        "'can_add_subscribers_group' setting cannot be set to 'role:internet' group.",
      ],
      [
        'can_remove_subscribers_group',
        groups['role:everyone'],
        "'can_remove_subscribers_group' setting cannot be set to 'role:everyone' group.",
      ],
      ['can_delete_any_message_group', 99999, 'Invalid user group'],
      [
        'can_move_messages_out_of_channel_group',
        { direct_members: [777777], direct_subgroups: [] },
        'Invalid user ID: 777777',
      ],
      ['can_resolve_topics_group', { members: [] }, 'can_resolve_topics_group is not a valid group-setting value'],
    ];
    for (const [setting, value, msg] of cases) {
      const res = await errorOf(
        noah.post('/channels/create', { name: 'x6', subscribers: [], [setting]: value as ParamValue }),
      );
      expect(res, setting).toMatchObject({ status: 400, msg });
    }
  });
});

describe('POST /channels/create: web-public channels', () => {
  it('need the server setting, spectator access and can_create_web_public_channel_group', async () => {
    const notEnabled = 'Web-public channels are not enabled.';
    expect(
      await errorOf(owner.post('/channels/create', { name: 'www', subscribers: [], is_web_public: true })),
    ).toMatchObject({
      msg: notEnabled,
    });
    const serverOnly = await startDevServer({ seed: 'demo', args: ['--web-public-streams'] });
    const both = await startDevServer({ seed: 'demo', args: ['--web-public-streams', '--spectator-access'] });
    try {
      const serverOnlyOwner = await login(serverOnly, serverOnly.byRole(100));
      expect(
        await errorOf(serverOnlyOwner.post('/channels/create', { name: 'www', subscribers: [], is_web_public: true })),
      ).toMatchObject({ msg: notEnabled });
      const bothOwner = await login(both, both.byRole(100));
      const bothAdmin = await login(both, both.byRole(200));
      expect(
        await errorOf(bothAdmin.post('/channels/create', { name: 'www', subscribers: [], is_web_public: true })),
      ).toMatchObject({
        msg: 'Insufficient permission',
      });
      expect(
        await errorOf(
          bothOwner.post('/channels/create', { name: 'www', subscribers: [], is_web_public: true, invite_only: true }),
        ),
      ).toMatchObject({ msg: 'Invalid parameters' });
      const settingsBefore = await bothOwner.ok('GET', '/server_settings');
      expect(settingsBefore['realm_web_public_access_enabled']).toBe(false);
      expect(await create(bothOwner, 'www', { is_web_public: true })).toMatchObject({
        is_web_public: true,
        invite_only: false,
      });
      expect((await bothOwner.ok('GET', '/server_settings'))['realm_web_public_access_enabled']).toBe(true);
    } finally {
      await Promise.all([serverOnly.stop(), both.stop()]);
    }
  });
});

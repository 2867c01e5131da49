import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { openQueue } from './queue_support';
import { Api, login, sendToChannel, type Obj } from './support';

type Client = Api & { userId: number; email: string };
let server: RunningDevServer;
let owner: Client;
let noah: Client;
let priya: Client;
let tomas: Client;

const byEmail = (email: string) => server.users.find((u) => u.email === email)!;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await login(server, server.byRole(100));
  noah = await login(server, byEmail('noah@parley.example'));
  priya = await login(server, byEmail('priya@parley.example'));
  tomas = await login(server, byEmail('tomas@parley.example'));
});
afterAll(() => server.stop());

const kinds = (events: Obj[]) => events.map((e) => `${e['type']}/${e['op'] ?? ''}`);

describe('POST /register: which events a queue gets', () => {
  it('event_types filters events; fetch_event_types picks the initial data separately', async () => {
    const queue = await openQueue(noah, {
      event_types: ['subscription'],
      fetch_event_types: ['stream', 'subscription'],
    });
    expect(queue.initial).toHaveProperty('streams');
    expect(queue.initial).toHaveProperty('subscriptions');
    expect(queue.initial).not.toHaveProperty('realm_users');
    await sendToChannel(owner, 'general', 'filters', 'not for this queue');
    await owner.ok('POST', '/channels/create', { name: 'filtered', subscribers: [noah.userId] });
    await noah.ok('POST', '/user_groups/create', { name: 'filter-group', description: '', members: [] });
    expect(kinds(await queue.take())).toEqual(['subscription/add']);
  });

  it('narrow limits message events to matching messages', async () => {
    const queue = await openQueue(priya, { event_types: ['message'], narrow: [['channel', 'design']] });
    await sendToChannel(owner, 'general', 'narrow', 'outside the narrow');
    const inside = await sendToChannel(owner, 'design', 'narrow', 'inside the narrow');
    const events = await queue.take();
    expect(events.map((e) => e['message']['id'])).toEqual([inside]);
    const dms = await openQueue(priya, { event_types: ['message'], narrow: [['is', 'dm']] });
    await sendToChannel(owner, 'design', 'narrow', 'still a channel message');
    const dm = await owner.ok('POST', '/messages', { type: 'direct', to: [priya.userId], content: 'psst' });
    expect((await dms.take()).map((e) => e['message']['id'])).toEqual([dm['id']]);
  });

  it('all_public_streams adds public channels the user is not in, never private ones', async () => {
    const everything = await openQueue(priya, { event_types: ['message'], all_public_streams: true });
    const plain = await openQueue(priya, { event_types: ['message'] });
    const publicId = await sendToChannel(owner, 'engineering', 'firehose', 'public news');
    await sendToChannel(owner, 'leadership', 'firehose', 'private news');
    expect((await everything.take()).map((e) => e['message']['id'])).toEqual([publicId]);
    expect(await plain.take()).toEqual([]);
  });

  it('the empty topic arrives under its display name unless the client has empty_topic_name', async () => {
    const legacy = await openQueue(priya, { event_types: ['message'] });
    const modern = await openQueue(priya, {
      event_types: ['message'],
      client_capabilities: { empty_topic_name: true },
    });
    await sendToChannel(owner, 'help', '', 'in the empty topic');
    expect((await legacy.take())[0]!['message']['subject']).toBe('general chat');
    expect((await modern.take())[0]!['message']['subject']).toBe('');
  });
});

describe('POST /register: initial data', () => {
  it('separates subscriptions, unsubscribed and never_subscribed', async () => {
    const state = await tomas.ok('POST', '/register', { fetch_event_types: ['subscription'] });
    const names = (key: string) => (state[key] as Obj[]).map((s) => s['name']);
    expect(names('subscriptions')).toEqual(expect.arrayContaining(['general', 'random', 'partners']));
    expect(names('unsubscribed')).toEqual(['engineering']);
    expect(names('never_subscribed')).toContain('design');
    expect(names('never_subscribed')).not.toContain('leadership');
    for (const sub of state['never_subscribed'] as Obj[]) {
      expect(sub).not.toHaveProperty('color');
      expect(sub['subscriber_count']).toEqual(expect.any(Number));
    }
  });

  it('reports the demo folders, default channels and groups with anonymous settings', async () => {
    const state = await noah.ok('POST', '/register', {
      fetch_event_types: ['channel_folders', 'default_streams', 'realm_user_groups', 'stream'],
      client_capabilities: { archived_channels: true },
    });
    const folders = state['channel_folders'] as Obj[];
    expect(folders.map((f) => [f['name'], f['order'], f['is_archived']])).toEqual([
      ['Company', 0, false],
      ['Product', 1, false],
      ['External', 2, false],
      ['Old projects', 3, true],
    ]);
    const general = (state['streams'] as Obj[]).find((s) => s['name'] === 'general')!;
    expect(general['folder_id']).toBe(folders[0]!['id']);
    const defaultIds = state['realm_default_streams'] as number[]; // channel IDs since feature level 330
    const byId = new Map((state['streams'] as Obj[]).map((s) => [s['stream_id'], s['name']]));
    expect(defaultIds.map((id) => byId.get(id)).sort()).toEqual(['announcements', 'general', 'help']);
    expect((state['streams'] as Obj[]).find((s) => s['name'] === 'launch-2024')).toMatchObject({ is_archived: true });
    const onCall = (state['realm_user_groups'] as Obj[]).find((g) => g['name'] === 'on-call')!;
    expect(onCall['can_manage_group']).toEqual({
      direct_members: [expect.any(Number)],
      direct_subgroups: [expect.any(Number)],
    });
    expect((state['realm_user_groups'] as Obj[]).some((g) => g['name'] === 'offsite-2024')).toBe(false);
  });

  it('repeats settings at the top level for clients without user_settings_object', async () => {
    const legacy = await noah.ok('POST', '/register', {
      fetch_event_types: ['user_settings', 'update_display_settings', 'update_global_notifications'],
    });
    const modern = await noah.ok('POST', '/register', {
      fetch_event_types: ['user_settings', 'update_display_settings', 'update_global_notifications'],
      client_capabilities: { user_settings_object: true },
    });
    expect(legacy['twenty_four_hour_time']).toBe(legacy['user_settings']['twenty_four_hour_time']);
    expect(legacy['enable_desktop_notifications']).toBe(legacy['user_settings']['enable_desktop_notifications']);
    expect(modern).not.toHaveProperty('twenty_four_hour_time');
    expect(modern).not.toHaveProperty('enable_desktop_notifications');
  });
});

describe('POST /register on a small organization open to spectators', () => {
  let small: RunningDevServer;
  let smallOwner: Client;
  const anonymous = () => new Api(small.baseUrl);

  beforeAll(async () => {
    // Subscriber lists count as "large" from one subscriber here, so partial lists show.
    const args = ['--full-subscriber-lists-below', '1', '--web-public-streams', '--spectator-access'];
    small = await startDevServer({ seed: 'empty', args });
    smallOwner = await login(small, small.byRole(100));
  });
  afterAll(() => small.stop());

  it('include_subscribers=partial lists only bots and recent senders of large channels', async () => {
    const { id } = await smallOwner.ok('POST', '/channels/create', { name: 'big', subscribers: [smallOwner.userId] });
    const find = async (include: string) => {
      const state = await smallOwner.ok('POST', '/register', {
        fetch_event_types: ['subscription'],
        include_subscribers: include,
      });
      return (state['subscriptions'] as Obj[]).find((s) => s['stream_id'] === id)!;
    };
    const quiet = await find('partial');
    expect(quiet).not.toHaveProperty('subscribers');
    expect(quiet).toMatchObject({ partial_subscribers: [], subscriber_count: 1 });
    expect(await find('true')).toMatchObject({ subscribers: [smallOwner.userId] });
    await sendToChannel(smallOwner, id, 'hello', 'now I have spoken');
    expect(await find('partial')).toMatchObject({ partial_subscribers: [smallOwner.userId] });
  });

  it('include_subscribers=partial is refused below feature level 412, where it was a JSON boolean', async () => {
    const older = await startDevServer({ seed: 'empty', args: ['--feature-level', '411'] });
    try {
      const owner = await login(older, older.byRole(100));
      for (const [method, path] of [
        ['POST', '/register'],
        ['GET', '/users/me/subscriptions'],
      ] as const) {
        const refused = await owner.call(method, path, { include_subscribers: 'partial' });
        expect(refused).toMatchObject({
          status: 400,
          body: { result: 'error', code: 'BAD_REQUEST', msg: 'include_subscribers is not valid JSON' },
        });
        expect(await owner.call(method, path, { include_subscribers: 'true' })).toMatchObject({
          body: { result: 'success' },
        });
      }
    } finally {
      await older.stop();
    }
  });

  it('omits avatar_url of long-idle users for user_avatar_url_field_optional', async () => {
    const fresh = await startDevServer({ seed: 'empty' });
    try {
      const owner = await login(fresh, fresh.byRole(100));
      const avatar = async (capable: boolean) => {
        const state = await owner.ok('POST', '/register', {
          fetch_event_types: ['realm_user'],
          client_capabilities: { user_avatar_url_field_optional: capable },
        });
        return (state['realm_users'] as Obj[]).find((u) => u['user_id'] === owner.userId)!['avatar_url'];
      };
      expect(await avatar(false)).toEqual(expect.any(String));
      expect(await avatar(true)).toBeUndefined();
      await owner.ok('POST', '/channels/create', { name: 'first', subscribers: [owner.userId] });
      await sendToChannel(owner, 'first', 'hi', 'my first message');
      expect(await avatar(true)).toEqual(expect.any(String));
    } finally {
      await fresh.stop();
    }
  });

  it('needs a live web-public channel before spectators may register', async () => {
    const denied = await anonymous().post('/register', {});
    expect(denied.status).toBe(401);
    expect(denied.body).toMatchObject({ code: 'UNAUTHORIZED' });
    const onDemo = await new Api(server.baseUrl).post('/register', {});
    expect(onDemo.status).toBe(401);
  });

  it('gives spectators the public data and no queue', async () => {
    const { id } = await smallOwner.ok('POST', '/channels/create', {
      name: 'open-to-all',
      subscribers: [smallOwner.userId],
      is_web_public: true,
    });
    await smallOwner.ok('POST', '/channels/create', { name: 'members-only', subscribers: [smallOwner.userId] });
    expect((await anonymous().ok('GET', '/server_settings'))['realm_web_public_access_enabled']).toBe(true);
    const state = await anonymous().ok('POST', '/register', {});
    expect(state).toMatchObject({ queue_id: null, last_event_id: -1, realm_name: small.realmName });
    expect((state['streams'] as Obj[]).map((s) => s['stream_id'])).toEqual([id]);
    expect((state['subscriptions'] as Obj[]).map((s) => s['name'])).toEqual(['open-to-all']);
    expect(state['subscriptions'][0]).not.toHaveProperty('subscribers');
    const owner = (state['realm_users'] as Obj[]).find((u) => u['user_id'] === smallOwner.userId)!;
    expect(owner['delivery_email']).toBeNull();
    expect(state['unread_msgs']).toMatchObject({ count: 0 });
  });

  it('refuses client_gravatar and include_subscribers=true from spectators', async () => {
    const gravatar = await anonymous().post('/register', { client_gravatar: true });
    expect(gravatar.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: "Invalid 'client_gravatar' parameter for anonymous request",
    });
    const subscribers = await anonymous().post('/register', { include_subscribers: 'true' });
    expect(subscribers.body).toMatchObject({ msg: "Invalid 'include_subscribers' parameter for anonymous request" });
    // Authenticated clients may use both.
    const ok = await smallOwner.ok('POST', '/register', {
      client_gravatar: true,
      include_subscribers: 'true',
      fetch_event_types: ['subscription'],
    });
    expect(ok['queue_id']).toEqual(expect.any(String));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { allMessages, ids, login, sendToChannel, type Api, type Obj } from './support';

let server: RunningDevServer;
let owner: Api & { userId: number; email: string };
let full: Obj;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo', args: ['--longpoll-timeout-seconds', '7'] });
  owner = await login(server, server.byRole(100));
  full = await owner.ok('POST', '/register', { include_subscribers: 'true' });
});
afterAll(() => server.stop());

const SUBSCRIPTION_FIELDS = [
  'stream_id',
  'name',
  'description',
  'rendered_description',
  'date_created',
  'creator_id',
  'invite_only',
  'subscribers',
  'desktop_notifications',
  'email_notifications',
  'push_notifications',
  'audible_notifications',
  'wildcard_mentions_notify',
  'pin_to_top',
  'is_muted',
  'in_home_view',
  'is_announcement_only',
  'is_web_public',
  'color',
  'stream_post_policy',
  'message_retention_days',
  'history_public_to_subscribers',
  'first_message_id',
  'folder_id',
  'topics_policy',
  'is_recently_active',
  'stream_weekly_traffic',
  'can_add_subscribers_group',
  'can_remove_subscribers_group',
  'can_administer_channel_group',
  'subscriber_count',
  'is_archived',
];

describe('POST /register: the queue and the realm', () => {
  it('creates a queue and reports versions, limits and realm settings', () => {
    expect(full['queue_id']).toEqual(expect.any(String));
    expect(full).toMatchObject({
      result: 'success',
      last_event_id: -1,
      zulip_feature_level: 420,
      service_feature_level: 420,
      max_message_length: 10000,
      max_topic_length: 60,
      max_stream_name_length: 60,
      max_stream_description_length: 1024,
      max_channel_folder_name_length: 60,
      max_channel_folder_description_length: 1024,
      realm_empty_topic_display_name: 'general chat',
      realm_topics_policy: 'allow_empty_topic',
      event_queue_longpoll_timeout_seconds: 7,
      realm_name: server.realmName,
      realm_url: server.baseUrl,
      user_id: owner.userId,
      email: owner.email,
      full_name: server.byRole(100).fullName,
    });
    expect(full['service_version']).toBe(full['zulip_version']);
  });

  it('includes user_settings with the keys clients rely on', () => {
    for (const key of [
      'enable_drafts_synchronization',
      'enable_stream_desktop_notifications',
      'enable_stream_push_notifications',
      'send_private_typing_notifications',
      'send_read_receipts',
      'email_address_visibility',
      'web_home_view',
      'twenty_four_hour_time',
      'timezone',
      'enter_sends',
    ]) {
      expect(full['user_settings'], key).toHaveProperty(key);
    }
  });

  it('lists system groups by role, nested, plus custom groups', () => {
    const groups = new Map<string, Obj>(full['realm_user_groups'].map((g: Obj) => [g['name'], g]));
    for (const name of [
      'role:internet',
      'role:everyone',
      'role:members',
      'role:fullmembers',
      'role:moderators',
      'role:administrators',
      'role:owners',
      'role:nobody',
    ]) {
      expect(groups.get(name)?.['is_system_group'], name).toBe(true);
    }
    expect(groups.get('role:owners')!['members']).toEqual([owner.userId]);
    expect(groups.get('role:administrators')!['direct_subgroup_ids']).toEqual([groups.get('role:owners')!['id']]);
    const custom = full['realm_user_groups'].filter((g: Obj) => !g['is_system_group']);
    expect(custom.length).toBeGreaterThanOrEqual(2);
    for (const group of custom) {
      expect(group).toMatchObject({ deactivated: false, can_mention_group: groups.get('role:everyone')!['id'] });
      expect(group['members'].length).toBeGreaterThan(0);
    }
  });

  it('lists active users, deactivated ones separately, and the system bots', () => {
    expect(full['realm_users'].every((u: Obj) => !('is_active' in u))).toBe(true);
    expect(full['realm_users'].map((u: Obj) => u['user_id'])).toEqual(
      expect.arrayContaining(server.users.map((u) => u.userId)),
    );
    expect(full['realm_non_active_users'].length).toBeGreaterThan(0);
    expect(full['cross_realm_bots'][0]).toMatchObject({ is_bot: true, is_system_bot: true });
    const bot = full['realm_users'].find((u: Obj) => u['is_bot']);
    expect(bot).toMatchObject({ bot_type: 1, bot_owner_id: expect.any(Number) });
  });
});

describe('POST /register: subscriptions', () => {
  it('gives full Subscription objects with subscribers when asked', () => {
    expect(full['subscriptions'].length).toBeGreaterThan(3);
    for (const sub of full['subscriptions']) {
      for (const field of SUBSCRIPTION_FIELDS) expect(sub, `${sub['name']}.${field}`).toHaveProperty(field);
      expect(sub['in_home_view']).toBe(!sub['is_muted']);
      expect(sub['subscribers']).toContain(owner.userId);
      expect(sub['subscriber_count']).toBe(sub['subscribers'].length);
      expect(sub['color']).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(new Set(full['subscriptions'].map((s: Obj) => s['color'])).size).toBeGreaterThan(1);
    expect(full['subscriptions'].some((s: Obj) => s['invite_only'])).toBe(true);
  });

  it('omits subscribers by default and honours partial', async () => {
    const none = await owner.ok('POST', '/register', { fetch_event_types: ['subscription'] });
    expect(none['subscriptions'].every((s: Obj) => !('subscribers' in s))).toBe(true);
    const partial = await owner.ok('POST', '/register', {
      fetch_event_types: ['subscription'],
      include_subscribers: 'partial',
    });
    expect(partial['subscriptions'].every((s: Obj) => Array.isArray(s['subscribers']))).toBe(true);
    expect((await owner.post('/register', { include_subscribers: 'sometimes' })).status).toBe(400);
  });

  it('replaces null notification settings unless the client can take null', async () => {
    const legacy = await owner.ok('POST', '/register', { fetch_event_types: ['subscription'] });
    const modern = await owner.ok('POST', '/register', {
      fetch_event_types: ['subscription'],
      client_capabilities: { notification_settings_null: true },
    });
    expect(legacy['subscriptions'].every((s: Obj) => typeof s['desktop_notifications'] === 'boolean')).toBe(true);
    expect(modern['subscriptions'].some((s: Obj) => s['desktop_notifications'] === null)).toBe(true);
    expect(modern['subscriptions'].some((s: Obj) => s['push_notifications'] === true)).toBe(true);
  });

  it('shows a guest only its own channels, and someone their former subscriptions', async () => {
    const guest = await login(server, server.byRole(600));
    const reg = await guest.ok('POST', '/register', { fetch_event_types: ['subscription'] });
    expect(reg['subscriptions'].length).toBeGreaterThan(0);
    expect(reg['never_subscribed']).toEqual([]);
    expect(reg['subscriptions'].some((s: Obj) => s['invite_only'])).toBe(false);
    let unsubscribed = 0;
    for (const user of server.users) {
      const state = await (await login(server, user)).ok('POST', '/register', { fetch_event_types: ['subscription'] });
      const current = new Set(state['subscriptions'].map((s: Obj) => s['stream_id']));
      for (const old of state['unsubscribed']) expect(current.has(old['stream_id'])).toBe(false);
      unsubscribed += state['unsubscribed'].length;
    }
    expect(unsubscribed).toBeGreaterThan(0);
  });
});

describe('POST /register: message state', () => {
  it('unread_msgs lists exactly the unread messages, grouped', async () => {
    const unread = ids(await allMessages(owner, { narrow: [{ operator: 'is', operand: 'unread' }] }));
    const state = full['unread_msgs'];
    const listed = [
      ...state['pms'].flatMap((c: Obj) => c['unread_message_ids']),
      ...state['streams'].flatMap((c: Obj) => c['unread_message_ids']),
      ...state['huddles'].flatMap((c: Obj) => c['unread_message_ids']),
    ].sort((a: number, b: number) => a - b);
    expect(state['count']).toBe(unread.length);
    expect(listed).toEqual(unread);
    expect(state['old_unreads_missing']).toBe(false);
    const mentioned = ids(
      await allMessages(owner, {
        narrow: [
          { operator: 'is', operand: 'unread' },
          { operator: 'is', operand: 'mentioned' },
        ],
      }),
    );
    expect(state['mentions']).toEqual(mentioned);
    for (const huddle of state['huddles'])
      expect(huddle['user_ids_string'].split(',').map(Number)).toContain(owner.userId);
    for (const pm of state['pms']) expect(pm['sender_id']).toBe(pm['other_user_id']);
  });

  it('starred_messages and recent_private_conversations agree with GET /messages', async () => {
    expect(full['starred_messages']).toEqual(
      ids(await allMessages(owner, { narrow: [{ operator: 'is', operand: 'starred' }] })),
    );
    const dms = await allMessages(owner, { narrow: [{ operator: 'is', operand: 'dm' }] });
    const newest = new Map<string, number>();
    for (const m of dms) {
      const others = m['display_recipient']
        .map((r: Obj) => r['id'])
        .filter((id: number) => id !== owner.userId)
        .sort((a: number, b: number) => a - b);
      newest.set(others.join(','), m['id']);
    }
    const recent = full['recent_private_conversations'];
    expect(recent.length).toBe(newest.size);
    for (const conversation of recent)
      expect(conversation['max_message_id']).toBe(newest.get(conversation['user_ids'].join(',')));
    expect(recent.map((c: Obj) => c['max_message_id'])).toEqual(
      [...recent.map((c: Obj) => c['max_message_id'])].sort((a, b) => b - a),
    );
  });

  it('names the empty topic per the empty_topic_name capability', async () => {
    const member = await login(server, server.byRole(400));
    await sendToChannel(member, 'help', '', 'unread in the empty topic');
    const legacy = await owner.ok('POST', '/register', { fetch_event_types: ['message', 'update_message_flags'] });
    const modern = await owner.ok('POST', '/register', {
      fetch_event_types: ['message', 'update_message_flags'],
      client_capabilities: { empty_topic_name: true },
    });
    const topics = (state: Obj) => state['unread_msgs']['streams'].map((s: Obj) => s['topic']);
    expect(topics(legacy)).toContain('general chat');
    expect(topics(legacy)).not.toContain('');
    expect(topics(modern)).toContain('');
  });
});

describe('POST /register: fetch_event_types', () => {
  it('returns only the requested parts, falling back to event_types', async () => {
    const onlyRealm = await owner.ok('POST', '/register', { fetch_event_types: ['realm'] });
    expect(onlyRealm).toHaveProperty('max_message_length');
    for (const absent of ['subscriptions', 'realm_users', 'unread_msgs', 'user_settings', 'realm_user_groups'])
      expect(onlyRealm).not.toHaveProperty(absent);
    const viaEventTypes = await owner.ok('POST', '/register', { event_types: ['message'] });
    expect(viaEventTypes).toHaveProperty('max_message_id');
    expect(viaEventTypes).not.toHaveProperty('unread_msgs');
    expect(viaEventTypes).not.toHaveProperty('max_message_length');
    expect(viaEventTypes['queue_id']).toEqual(expect.any(String));
  });

  it('rejects malformed JSON parameters with BAD_REQUEST', async () => {
    const res = await owner.post('/register', { event_types: '[message' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'event_types is not valid JSON' });
    const caps = await owner.post('/register', { client_capabilities: { empty_topic_name: 'yes' } });
    expect(caps.status).toBe(400);
  });
});

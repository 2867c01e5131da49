/**
 * --feature-level: the dev server behaves as an older Zulip server (devserver/levels/). Three
 * servers side by side: Zulip 8.0 (237) and Zulip 10.0 (371) on the demo, and the newest (420)
 * on the empty seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { login, type Api, type Obj } from './support';

type Client = Api & { userId: number };
const servers: Record<number, RunningDevServer> = {};
const owners: Record<number, Client> = {};
const LEVELS = [237, 371, 420] as const;

beforeAll(async () => {
  // One at a time (the machine is shared); the newest needs no demo data here.
  for (const level of LEVELS) {
    const seed = level === 420 ? 'empty' : 'demo';
    const server = await startDevServer({ seed, args: ['--feature-level', String(level)] });
    servers[level] = server;
    owners[level] = await login(server, server.byRole(100));
  }
}, 120_000);
afterAll(async () => {
  for (const server of Object.values(servers)) await server.stop();
});

describe('--feature-level', () => {
  it('reports the level and the Zulip release it belongs to', async () => {
    for (const level of LEVELS) {
      const settings = await owners[level]!.ok('GET', '/server_settings');
      expect(settings['zulip_feature_level']).toBe(level);
      expect(settings['service_feature_level']).toBe(level);
    }
    expect((await owners[237]!.ok('GET', '/server_settings'))['zulip_version']).toBe('8.0-parley');
    expect((await owners[371]!.ok('GET', '/server_settings'))['zulip_version']).toBe('10.0-parley');
  });

  it('has no routes newer than its level: POST /channels/create, saved snippets, folders', async () => {
    const old = owners[371]!;
    const res = await old.post('/channels/create', { name: 'too new', subscribers: [] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Endpoint not found' });
    expect((await old.get('/channel_folders')).status).toBe(404);
    expect((await owners[237]!.get('/saved_snippets')).status).toBe(404);
    expect((await old.get('/saved_snippets')).status).toBe(200);
    expect((await owners[420]!.get('/channel_folders')).status).toBe(200);
  });

  it('ignores channel options it does not know when creating by subscribing, and says so', async () => {
    const body = await owners[371]!.ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'level 371 channel' }],
      topics_policy: JSON.stringify('empty_topic_only'),
      can_resolve_topics_group: { direct_members: [], direct_subgroups: [] },
      can_subscribe_group: { direct_members: [], direct_subgroups: [] },
    });
    // can_subscribe_group arrived at 357, so 371 reads it; the other two are newer.
    expect(body['ignored_parameters_unsupported']).toEqual(['can_resolve_topics_group', 'topics_policy']);
    const subs = (await owners[371]!.ok('GET', '/users/me/subscriptions'))['subscriptions'] as Obj[];
    const created = subs.find((s) => s['name'] === 'level 371 channel')!;
    expect(created).toBeDefined();
    expect(created).not.toHaveProperty('topics_policy');
    expect(created).toHaveProperty('can_subscribe_group');

    const newest = await owners[420]!.ok('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'level 420 channel' }],
      topics_policy: JSON.stringify('empty_topic_only'),
    });
    expect(newest).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('leaves out of /register what it did not have, and ignores capabilities it did not know', async () => {
    const capabilities = { empty_topic_name: true, archived_channels: true };
    const old = await owners[237]!.ok('POST', '/register', { client_capabilities: capabilities });
    const newest = await owners[420]!.ok('POST', '/register', { client_capabilities: capabilities });
    for (const field of ['saved_snippets', 'navigation_views', 'channel_folders', 'push_devices']) {
      expect(old).not.toHaveProperty(field);
      expect(newest).toHaveProperty(field);
    }
    expect(old['user_topics']).toBeInstanceOf(Array);
    const settings = old['user_settings'] as Obj;
    expect(settings).not.toHaveProperty('receives_typing_notifications');
    expect(settings).toHaveProperty('web_home_view');
    expect(newest['user_settings']).toHaveProperty('receives_typing_notifications');
    const oldSub = (old['subscriptions'] as Obj[])[0]!;
    expect(oldSub).toHaveProperty('can_remove_subscribers_group');
    expect(oldSub).not.toHaveProperty('can_subscribe_group');
    expect(oldSub).not.toHaveProperty('is_archived');
    // Zulip 8.0 knew no empty topic: the demo's general-chat messages carry the display name.
    const unreadTopics = (old['unread_msgs'] as Obj)['streams'] as Obj[];
    expect(unreadTopics.some((t) => t['topic'] === '')).toBe(false);
  });

  it('mutes through the legacy route and keeps both lists; Zulip 8.0 already follows topics (level 219)', async () => {
    const old = owners[237]!;
    const sub = ((await old.ok('GET', '/users/me/subscriptions'))['subscriptions'] as Obj[])[0]!;
    await old.ok('PATCH', '/users/me/subscriptions/muted_topics', {
      stream_id: sub['stream_id'],
      topic: 'legacy mute',
      op: 'add',
    });
    const state = await old.ok('POST', '/register', { fetch_event_types: ['muted_topics', 'user_topic'] });
    expect((state['muted_topics'] as unknown[][]).some((t) => t[1] === 'legacy mute')).toBe(true);
    expect((state['user_topics'] as Obj[]).some((t) => t['topic_name'] === 'legacy mute')).toBe(true);
    const follow = await old.post('/user_topics', { stream_id: sub['stream_id'], topic: 'x', visibility_policy: 3 });
    expect(follow.status).toBe(200);
  });

  it('refuses a level it cannot imitate, in words', async () => {
    await expect(startDevServer({ seed: 'empty', args: ['--feature-level', '100'] })).rejects.toThrow(
      /--feature-level must be a whole number from 237 to 420/,
    );
  });
});

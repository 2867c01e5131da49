/** can_send_message_group on POST /messages, and the deprecated views of it that follow it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { openQueue } from './queue_support';
import { Api, login, sendToChannel, type Obj } from './support';

type Client = Awaited<ReturnType<typeof login>>;
let server: RunningDevServer;
let dir: string;
let owner: Client;
let admin: Client;
let noah: Client;
let priya: Client;
const groups: Record<string, number> = {};
const NO_PERMISSION = 'You do not have permission to post in this channel.';

const byEmail = (email: string) => server.users.find((u) => u.email === email)!;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parley-gaps-posting-'));
  server = await startDevServer({ seed: 'demo', dataFile: join(dir, 'demo.sqlite') });
  owner = await login(server, server.byRole(100));
  admin = await login(server, server.byRole(200));
  noah = await login(server, byEmail('noah@parley.example'));
  priya = await login(server, byEmail('priya@parley.example'));
  for (const group of (await owner.ok('GET', '/user_groups'))['user_groups'] as Obj[])
    groups[group['name']] = group['id'];
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function newChannel(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const subscribers = [owner.userId, admin.userId, noah.userId, priya.userId];
  return (await owner.ok('POST', '/channels/create', { name, subscribers, ...extra } as never))['id'];
}

async function channelView(api: Api, id: number): Promise<Obj> {
  return (await api.ok('GET', `/streams/${id}`))['stream'];
}

describe('POST /messages and can_send_message_group', () => {
  it('refuses people outside the group with Zulip’s error and accepts those inside', async () => {
    const id = await newChannel('admins-post', { can_send_message_group: groups['role:administrators'] });
    const refused = await noah.post('/messages', { type: 'stream', to: id, topic: 'news', content: 'hi' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: NO_PERMISSION });
    const byName = await priya.post('/messages', { type: 'channel', to: 'admins-post', topic: 'news', content: 'hi' });
    expect(byName.body['msg']).toBe(NO_PERMISSION);
    // Nothing was stored for the refused sends (the channel holds only the creation notice).
    const history = await owner.ok('GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: id }],
    });
    const senders = (history['messages'] as Obj[]).map((m) => m['sender_id']);
    expect(senders).not.toContain(noah.userId);
    expect(senders).not.toContain(priya.userId);
    expect(await sendToChannel(admin, id, 'news', 'from an admin')).toBeGreaterThan(0);
    expect(await sendToChannel(owner, id, 'news', 'from the owner')).toBeGreaterThan(0);
    // Direct messages are not governed by any channel's setting.
    const dm = await noah.post('/messages', { type: 'direct', to: [admin.userId], content: 'psst' });
    expect(dm.status).toBe(200);
  });

  it('follows a change of the setting, including an anonymous group of named people', async () => {
    const id = await newChannel('speakers');
    expect(await sendToChannel(noah, id, 'talk', 'everyone may post at first')).toBeGreaterThan(0);
    await owner.ok('PATCH', `/streams/${id}`, {
      can_send_message_group: { new: { direct_members: [priya.userId], direct_subgroups: [] } },
    } as never);
    expect((await noah.post('/messages', { type: 'stream', to: id, topic: 'talk', content: 'x' })).body['msg']).toBe(
      NO_PERMISSION,
    );
    expect(await sendToChannel(priya, id, 'talk', 'a named speaker')).toBeGreaterThan(0);
    await owner.ok('PATCH', `/streams/${id}`, { can_send_message_group: { new: groups['role:nobody'] } } as never);
    expect((await owner.post('/messages', { type: 'stream', to: id, topic: 'talk', content: 'x' })).body['msg']).toBe(
      NO_PERMISSION,
    );
  });

  it('lets a bot post where its owner may', async () => {
    // The demo's build bot belongs to the administrator; its key is read from the server's own file.
    const db = new Database(join(dir, 'demo.sqlite'), { readonly: true, fileMustExist: true });
    const bot = db
      .prepare<[], { email: string; api_key: string }>(
        "SELECT delivery_email AS email, api_key FROM users WHERE delivery_email = 'build-bot@parley.example'",
      )
      .get();
    db.close();
    expect(bot).toBeDefined();
    const botApi = new Api(server.baseUrl, { email: bot!.email, apiKey: bot!.api_key });
    const id = await newChannel('release-notes', { can_send_message_group: groups['role:administrators'] });
    expect(await sendToChannel(botApi, id, 'builds', 'Build #1 passed.')).toBeGreaterThan(0);
    await owner.ok('PATCH', `/streams/${id}`, { can_send_message_group: { new: groups['role:owners'] } } as never);
    const refused = await botApi.post('/messages', { type: 'stream', to: id, topic: 'builds', content: 'Build #2' });
    expect(refused.body['msg']).toBe(NO_PERMISSION);
  });
});

describe('stream_post_policy and is_announcement_only', () => {
  it('describe the system group that may post, in GET /streams, register and stream update events', async () => {
    const id = await newChannel('policy-views');
    expect(await channelView(noah, id)).toMatchObject({ stream_post_policy: 1, is_announcement_only: false });
    const watcher = await openQueue(noah, { event_types: ['stream'] });
    const steps: Array<[string, number, boolean]> = [
      ['role:administrators', 2, true],
      ['role:fullmembers', 3, false],
      ['role:moderators', 4, false],
      ['role:members', 1, false],
    ];
    for (const [group, policy, announcementOnly] of steps) {
      await owner.ok('PATCH', `/streams/${id}`, { can_send_message_group: { new: groups[group] } } as never);
      expect(await channelView(noah, id)).toMatchObject({
        can_send_message_group: groups[group],
        stream_post_policy: policy,
        is_announcement_only: announcementOnly,
      });
      const updates = (await watcher.takeOf('stream', 'update')).map((e) => [e['property'], e['value']]);
      expect(updates).toEqual([
        ['can_send_message_group', groups[group]],
        ['stream_post_policy', policy],
        ['is_announcement_only', announcementOnly],
      ]);
    }
    // From members to everyone, the legacy policy stays 1: no legacy events.
    await owner.ok('PATCH', `/streams/${id}`, { can_send_message_group: { new: groups['role:everyone'] } } as never);
    expect((await watcher.takeOf('stream', 'update')).map((e) => e['property'])).toEqual(['can_send_message_group']);

    await owner.ok('PATCH', `/streams/${id}`, {
      can_send_message_group: { new: groups['role:administrators'] },
    } as never);
    const registered = await noah.ok('POST', '/register', { fetch_event_types: ['subscription', 'stream'] });
    const sub = (registered['subscriptions'] as Obj[]).find((s) => s['stream_id'] === id);
    const stream = (registered['streams'] as Obj[]).find((s) => s['stream_id'] === id);
    for (const view of [sub, stream]) expect(view).toMatchObject({ stream_post_policy: 2, is_announcement_only: true });
  });
});

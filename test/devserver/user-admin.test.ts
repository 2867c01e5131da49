import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDevServer } from '../helpers/devserver';
import { expectError, openQueue, type Client } from './records-support';
import { startRoleCast } from './role-cast';
import { Api, type Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let admin: Client;
let member: Client;
let target: Client;

beforeAll(async () => {
  ({ server, owner, admin, member, target } = await startRoleCast(3));
});
afterAll(() => server.stop());

async function subscribedChannels(api: Api): Promise<number[]> {
  const body = await api.ok('POST', '/register', { fetch_event_types: ['subscription'] });
  return (body['subscriptions'] as Obj[]).map((s) => s['stream_id'] as number);
}

async function groupsOf(api: Api, userId: number): Promise<number[]> {
  const body = await api.ok('POST', '/register', { fetch_event_types: ['realm_user_groups'] });
  return (body['realm_user_groups'] as Obj[]).filter((g) => g['members'].includes(userId)).map((g) => g['id']);
}

describe('DELETE /users/{user_id}', () => {
  it('is for administrators, and owners are deactivated only by owners', async () => {
    expectError(await member.delete(`/users/${target.userId}`), 400, 'UNAUTHORIZED_PRINCIPAL');
    expectError(
      await admin.delete(`/users/${owner.userId}`),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization owner',
    );
    expectError(await admin.delete('/users/99999'), 400, 'BAD_REQUEST', 'No such user');
    const last = await owner.delete(`/users/${owner.userId}`);
    expectError(last, 400, 'CANNOT_DEACTIVATE_LAST_USER', 'Cannot deactivate the only organization owner');
    expect(last.body['is_last_owner']).toBe(true);
  });

  it('sends peer_remove for each channel, then realm_user is_active false; the account stops working', async () => {
    const channels = await subscribedChannels(target);
    expect(channels.length).toBeGreaterThan(1);
    expect((await groupsOf(member, target.userId)).length).toBeGreaterThan(0);
    const queue = await openQueue(member);
    await admin.ok('DELETE', `/users/${target.userId}`, { deactivation_notification_comment: 'Thanks for everything' });
    const events = await queue.drain();
    const removed = events.filter((e) => e['type'] === 'subscription' && e['op'] === 'peer_remove');
    expect(removed.every((e) => e['user_ids'].length === 1 && e['user_ids'][0] === target.userId)).toBe(true);
    const memberChannels = new Set(await subscribedChannels(member));
    const shared = channels.filter((id) => memberChannels.has(id));
    expect(removed.flatMap((e) => e['stream_ids'])).toEqual(expect.arrayContaining(shared));
    const update = events.find((e) => e['type'] === 'realm_user')!;
    expect(update).toMatchObject({ op: 'update', person: { user_id: target.userId, is_active: false } });
    expect(events.indexOf(update)).toBeGreaterThan(events.indexOf(removed.at(-1)!));

    expectError(await target.get('/users/me'), 401, 'USER_DEACTIVATED');
    const login = await new Api(server.baseUrl).post('/fetch_api_key', { username: target.email, password: 'parley' });
    expectError(login, 401, 'USER_DEACTIVATED');
    expect((await member.ok('GET', `/users/${target.userId}`))['user']['is_active']).toBe(false);
    expect(await groupsOf(member, target.userId)).toEqual([]);
    const body = await member.ok('POST', '/register', { fetch_event_types: ['realm_user'] });
    expect((body['realm_non_active_users'] as Obj[]).map((u) => u['user_id'])).toContain(target.userId);
    expectError(await admin.delete(`/users/${target.userId}`), 400, 'BAD_REQUEST', 'User is deactivated');
  });

  it('POST /users/{user_id}/reactivate brings the account back with its channels and groups', async () => {
    const queue = await openQueue(member);
    await admin.ok('POST', `/users/${target.userId}/reactivate`);
    const events = await queue.drain();
    expect(events[0]).toMatchObject({
      type: 'realm_user',
      op: 'update',
      person: { user_id: target.userId, is_active: true },
    });
    const added = events.filter((e) => e['type'] === 'subscription' && e['op'] === 'peer_add');
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((e) => e['user_ids'][0] === target.userId)).toBe(true);
    expect((await target.ok('GET', '/users/me'))['is_active']).toBe(true);
    expect((await groupsOf(member, target.userId)).length).toBeGreaterThan(0);
    expectError(await admin.post(`/users/${target.userId}/reactivate`), 400, 'BAD_REQUEST', 'User is already active');
  });

  it('takes the bots a person owns along', async () => {
    const users = (await owner.ok('GET', '/users'))['members'] as Obj[];
    const bot = users.find((u) => u['is_bot'] && u['bot_owner_id'] === admin.userId && u['is_active'])!;
    expectError(await owner.delete(`/users/${bot['user_id']}`), 400, 'BAD_REQUEST', 'No such user');
    const queue = await openQueue(member);
    await owner.ok('DELETE', `/users/${admin.userId}`);
    const people = (await queue.drainTypes('realm_user')).map((e) => e['person']);
    expect(people).toEqual([
      { user_id: bot['user_id'], is_active: false },
      { user_id: admin.userId, is_active: false },
    ]);
    await owner.ok('POST', `/users/${admin.userId}/reactivate`);
    const after = (await owner.ok('GET', `/users/${bot['user_id']}`))['user'];
    expect(after['is_active']).toBe(false);
  });
});

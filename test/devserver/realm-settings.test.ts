import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, loginRole, openQueue, type Client } from './records-support';
import { Api, type Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let admin: Client;
let member: Client;
let groups: Map<string, number>;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await loginRole(server, 100);
  admin = await loginRole(server, 200);
  member = await loginRole(server, 400);
  const body = await owner.ok('POST', '/register', { fetch_event_types: ['realm_user_groups'] });
  groups = new Map((body['realm_user_groups'] as Obj[]).map((g) => [g['name'] as string, g['id'] as number]));
});
afterAll(() => server.stop());

async function realm(api: Api): Promise<Obj> {
  return api.ok('POST', '/register', { fetch_event_types: ['realm'] });
}

describe('PATCH /realm', () => {
  it('is for administrators', async () => {
    const res = await member.call('PATCH', '/realm', { name: 'Mine now' });
    expectError(res, 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
  });

  it('renames the organization with a realm update event to everyone', async () => {
    const queue = await openQueue(member);
    await admin.ok('PATCH', '/realm', { name: 'Parley Demo Co.', description: 'We *talk*.' });
    expect(await queue.drainTypes('realm')).toMatchObject([
      { op: 'update', property: 'name', value: 'Parley Demo Co.' },
      { op: 'update', property: 'description', value: 'We *talk*.' },
    ]);
    expect(await realm(member)).toMatchObject({ realm_name: 'Parley Demo Co.', realm_description: 'We *talk*.' });
    const settings = await new Api(server.baseUrl).ok('GET', '/server_settings');
    expect(settings['realm_name']).toBe('Parley Demo Co.');
    expectError(await admin.call('PATCH', '/realm', { name: '  ' }), 400, 'BAD_REQUEST');
  });

  it('changes group settings with update_dict, checking the old value and the allowed groups', async () => {
    const queue = await openQueue(member);
    const before = (await realm(member))['realm_create_multiuse_invite_group'];
    const members = groups.get('role:members')!;
    await admin.ok('PATCH', '/realm', { create_multiuse_invite_group: { new: members, old: before } });
    expect(await queue.drainTypes('realm')).toMatchObject([
      { op: 'update_dict', property: 'default', data: { create_multiuse_invite_group: members } },
    ]);
    expect((await realm(member))['realm_create_multiuse_invite_group']).toBe(members);

    const stale = await admin.call('PATCH', '/realm', { create_multiuse_invite_group: { new: members, old: before } });
    expectError(stale, 400, 'BAD_REQUEST', "'old' value does not match the expected value.");
    const internet = await admin.call('PATCH', '/realm', {
      can_invite_users_group: { new: groups.get('role:internet') },
    });
    expectError(internet, 400, 'BAD_REQUEST');
    expectError(await admin.call('PATCH', '/realm', { can_invite_users_group: { new: 99999 } }), 400, 'BAD_REQUEST');
    const ownersOnly = await admin.call('PATCH', '/realm', { can_manage_all_groups: { new: members } });
    expectError(ownersOnly, 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');

    const anonymous = { direct_members: [member.userId], direct_subgroups: [groups.get('role:administrators')] };
    await owner.ok('PATCH', '/realm', { can_manage_all_groups: { new: anonymous } });
    const [event] = await queue.drainTypes('realm');
    expect(event!['data']['can_manage_all_groups']).toEqual(anonymous);
  });

  it('sends message-edit settings as update_dict and nothing for unchanged values', async () => {
    const queue = await openQueue(member);
    await admin.ok('PATCH', '/realm', { message_content_edit_limit_seconds: 'unlimited', allow_message_editing: true });
    expect(await queue.drainTypes('realm')).toEqual([
      expect.objectContaining({ op: 'update_dict', data: { message_content_edit_limit_seconds: null } }),
    ]);
    expect((await realm(member))['realm_message_content_edit_limit_seconds']).toBeNull();
    expectError(await admin.call('PATCH', '/realm', { message_content_edit_limit_seconds: 0 }), 400, 'BAD_REQUEST');
  });
});

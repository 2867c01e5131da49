import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { openQueue } from './queue_support';
import { login, type Api, type Obj } from './support';

type Client = Api & { userId: number; email: string };
let server: RunningDevServer;
let owner: Client;
let noah: Client;
let priya: Client;
let zanele: Client;
let guest: Client;
const ids: Record<string, number> = {};

const user = (email: string) => server.users.find((u) => u.email === email)!;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await login(server, server.byRole(100));
  noah = await login(server, user('noah@parley.example'));
  priya = await login(server, user('priya@parley.example'));
  zanele = await login(server, user('zanele@parley.example'));
  guest = await login(server, server.byRole(600));
  const groups = (await owner.ok('GET', '/user_groups'))['user_groups'] as Obj[];
  for (const group of groups) ids[group['name']] = group['id'];
});
afterAll(() => server.stop());

async function groupById(id: number): Promise<Obj> {
  const groups = (await owner.ok('GET', '/user_groups', { include_deactivated_groups: true }))['user_groups'] as Obj[];
  return groups.find((g) => g['id'] === id)!;
}

async function expectError(res: Promise<{ status: number; body: Obj }>, msg: string, code = 'BAD_REQUEST') {
  const { status, body } = await res;
  expect({ status, code: body['code'], msg: body['msg'] }).toEqual({ status: 400, code, msg });
}

describe('GET /user_groups', () => {
  it('lists groups with members, subgroups and settings; guests may not ask', async () => {
    const body = await noah.ok('GET', '/user_groups');
    const backend = (body['user_groups'] as Obj[]).find((g) => g['name'] === 'backend')!;
    expect(backend).toMatchObject({ is_system_group: false, deactivated: false, direct_subgroup_ids: [] });
    expect(backend['members']).toContain(noah.userId);
    expect(backend['can_manage_group']).toEqual({ direct_members: [owner.userId], direct_subgroups: [] });
    await expectError(guest.get('/user_groups'), 'Not allowed for guest users');
  });
});

describe('POST /user_groups/create', () => {
  it('creates a group managed by its creator and announces it to everyone', async () => {
    const queue = await openQueue(owner, { event_types: ['user_group'] });
    const body = await noah.ok('POST', '/user_groups/create', {
      name: 'coffee-club',
      description: 'Espresso *enthusiasts*',
      members: [noah.userId, priya.userId],
      subgroups: [ids['leads']!],
    });
    ids['coffee-club'] = body['group_id'];
    const [event] = await queue.takeOf('user_group', 'add');
    expect(event!['group']).toMatchObject({
      id: body['group_id'],
      name: 'coffee-club',
      members: [noah.userId, priya.userId],
      direct_subgroup_ids: [ids['leads']],
      creator_id: noah.userId,
      can_manage_group: { direct_members: [noah.userId], direct_subgroups: [] },
      can_mention_group: ids['role:everyone'],
      can_join_group: ids['role:nobody'],
      deactivated: false,
    });
  });

  it('refuses taken names, reserved prefixes, unknown members and missing fields', async () => {
    const base = { description: '', members: [] };
    await expectError(
      noah.post('/user_groups/create', { ...base, name: 'backend' }),
      "User group 'backend' already exists.",
    );
    await expectError(
      noah.post('/user_groups/create', { ...base, name: 'role:mine' }),
      "User group name cannot start with 'role:'.",
    );
    await expectError(noah.post('/user_groups/create', { ...base, name: '  ' }), "User group name can't be empty!");
    await expectError(
      noah.post('/user_groups/create', { ...base, name: 'x', members: [9999] }),
      'Invalid user ID: 9999',
    );
    const missing = await noah.post('/user_groups/create', { name: 'x', description: '' });
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'members' });
  });
});

describe('PATCH /user_groups/{id}', () => {
  it('renames and redescribes for the group manager, with one update event', async () => {
    const queue = await openQueue(zanele, { event_types: ['user_group'] });
    await noah.ok('PATCH', `/user_groups/${ids['coffee-club']}`, { name: 'coffee-guild', description: 'Beans' });
    expect(await queue.take()).toEqual([
      expect.objectContaining({
        type: 'user_group',
        op: 'update',
        group_id: ids['coffee-club'],
        data: { name: 'coffee-guild', description: 'Beans' },
      }),
    ]);
    await expectError(
      priya.call('PATCH', `/user_groups/${ids['coffee-club']}`, { name: 'mine' }),
      'Insufficient permission',
    );
    await expectError(noah.call('PATCH', `/user_groups/${ids['coffee-club']}`, {}), 'No new data supplied');
    await expectError(noah.call('PATCH', '/user_groups/99999', { name: 'x' }), 'Invalid user group');
    await expectError(
      owner.call('PATCH', `/user_groups/${ids['role:members']}`, { name: 'x' }),
      'Insufficient permission',
    );
  });

  it('changes a permission only when old matches the current value', async () => {
    const url = `/user_groups/${ids['coffee-club']}`;
    const everyone = ids['role:everyone']!;
    const members = ids['role:members']!;
    await expectError(
      noah.call('PATCH', url, { can_mention_group: { new: members, old: ids['role:owners'] } }),
      "'old' value does not match the expected value.",
    );
    const queue = await openQueue(owner, { event_types: ['user_group'] });
    await noah.ok('PATCH', url, { can_mention_group: { new: members, old: everyone } });
    const [event] = await queue.takeOf('user_group', 'update');
    expect(event!['data']).toEqual({ can_mention_group: members });
    expect((await groupById(ids['coffee-club']!))['can_mention_group']).toBe(members);
  });

  it('normalizes anonymous values and refuses the forbidden system groups', async () => {
    const url = `/user_groups/${ids['coffee-club']}`;
    await noah.ok('PATCH', url, { can_leave_group: { new: { direct_members: [], direct_subgroups: [ids['leads']] } } });
    await noah.ok('PATCH', url, {
      can_add_members_group: { new: { direct_members: [priya.userId], direct_subgroups: [] } },
    });
    const group = await groupById(ids['coffee-club']!);
    expect(group['can_leave_group']).toBe(ids['leads']);
    expect(group['can_add_members_group']).toEqual({ direct_members: [priya.userId], direct_subgroups: [] });
    for (const [setting, name] of [
      ['can_manage_group', 'role:everyone'],
      ['can_manage_group', 'role:internet'],
      ['can_mention_group', 'role:owners'],
      ['can_mention_group', 'role:internet'],
    ] as const) {
      await expectError(
        noah.call('PATCH', url, { [setting]: { new: ids[name] } }),
        `'${setting}' setting cannot be set to '${name}' group.`,
      );
    }
    await expectError(noah.call('PATCH', url, { can_join_group: { new: 99999 } }), 'Invalid user group');
    await expectError(
      noah.call('PATCH', url, { can_join_group: 5 }),
      'can_join_group must be an object with a "new" value',
    );
  });
});

describe('membership', () => {
  it('adds and removes members and subgroups with events, checking each step', async () => {
    const url = `/user_groups/${ids['coffee-club']}/members`;
    const lars = user('lars@parley.example').userId;
    const queue = await openQueue(zanele, { event_types: ['user_group'] });
    // Priya is in can_add_members_group now, so she may add people but not remove them.
    await priya.ok('POST', url, { add: [lars] });
    await expectError(priya.post(url, { add: [lars] }), `User ${lars} is already a member of this group`);
    await expectError(priya.post(url, { delete: [lars] }), 'Insufficient permission');
    await noah.ok('POST', url, { delete: [lars], add_subgroups: [ids['design-team']] });
    await expectError(noah.post(url, { delete: [lars] }), `There is no member '${lars}' in this user group`);
    await expectError(
      noah.post(url, {}),
      'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".',
    );
    expect(await queue.take()).toEqual([
      expect.objectContaining({ op: 'add_members', group_id: ids['coffee-club'], user_ids: [lars] }),
      expect.objectContaining({ op: 'remove_members', group_id: ids['coffee-club'], user_ids: [lars] }),
      expect.objectContaining({
        op: 'add_subgroups',
        group_id: ids['coffee-club'],
        direct_subgroup_ids: [ids['design-team']],
      }),
    ]);
  });

  it('lets people join themselves only through can_join_group', async () => {
    const url = `/user_groups/${ids['coffee-club']}/members`;
    await expectError(zanele.post(url, { add: [zanele.userId] }), 'Insufficient permission');
    await noah.ok('PATCH', `/user_groups/${ids['coffee-club']}`, { can_join_group: { new: ids['role:members'] } });
    await zanele.ok('POST', url, { add: [zanele.userId] });
    expect((await groupById(ids['coffee-club']!))['members']).toContain(zanele.userId);
  });

  it('refuses subgroup cycles and reports membership recursively', async () => {
    await expectError(
      owner.post(`/user_groups/${ids['leads']}/subgroups`, { add: [ids['coffee-club']] }),
      `User group ${ids['leads']} is already a subgroup of one of the passed subgroups.`,
    );
    await expectError(
      noah.post(`/user_groups/${ids['coffee-club']}/subgroups`, { add: [ids['leads']] }),
      `User group ${ids['leads']} is already a subgroup of this group.`,
    );
    const members = (await noah.ok('GET', `/user_groups/${ids['coffee-club']}/members`))['members'];
    expect(members).toEqual(expect.arrayContaining([owner.userId, priya.userId]));
    const direct = (await noah.ok('GET', `/user_groups/${ids['coffee-club']}/members`, { direct_member_only: true }))[
      'members'
    ];
    expect(direct).not.toContain(owner.userId);
    const check = await noah.ok('GET', `/user_groups/${ids['coffee-club']}/members/${owner.userId}`);
    expect(check['is_user_group_member']).toBe(true);
  });
});

describe('deactivation', () => {
  it('is refused while the group is in use, naming the uses', async () => {
    const res = await owner.post(`/user_groups/${ids['leads']}/deactivate`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'CANNOT_DEACTIVATE_GROUP_IN_USE',
      msg: 'Cannot deactivate user group in use.',
    });
    expect(res.body['objections']).toContainEqual({ type: 'subgroup', supergroup_ids: [ids['coffee-club']] });
    expect(res.body['objections']).toContainEqual({
      type: 'user_group',
      group_id: ids['coffee-club'],
      settings: ['can_leave_group'],
    });
  });

  it('sends remove or update by capability, and true does nothing while false reactivates', async () => {
    const created = await noah.ok('POST', '/user_groups/create', {
      name: 'short-lived',
      description: '',
      members: [noah.userId],
    });
    const id = created['group_id'] as number;
    const legacy = await openQueue(owner, { event_types: ['user_group'] });
    const modern = await openQueue(owner, {
      event_types: ['user_group'],
      client_capabilities: { include_deactivated_groups: true },
    });
    await noah.ok('POST', `/user_groups/${id}/deactivate`);
    expect(await legacy.take()).toEqual([expect.objectContaining({ type: 'user_group', op: 'remove', group_id: id })]);
    expect(await modern.take()).toEqual([
      expect.objectContaining({ type: 'user_group', op: 'update', group_id: id, data: { deactivated: true } }),
    ]);
    const active = (await noah.ok('GET', '/user_groups'))['user_groups'] as Obj[];
    expect(active.some((g) => g['id'] === id)).toBe(false);
    await expectError(noah.post(`/user_groups/${id}/deactivate`), 'User group is deactivated.');
    await expectError(
      noah.call('PATCH', `/user_groups/${ids['coffee-club']}`, { can_join_group: { new: id } }),
      'User group is deactivated.',
    );
    await noah.ok('PATCH', `/user_groups/${id}`, { deactivated: true });
    expect(await legacy.take()).toEqual([]);
    expect((await groupById(id))['deactivated']).toBe(true);

    await noah.ok('PATCH', `/user_groups/${id}`, { deactivated: false });
    expect(await legacy.take()).toEqual([
      expect.objectContaining({ op: 'add', group: expect.objectContaining({ id, deactivated: false }) }),
    ]);
    expect(await modern.take()).toEqual([
      expect.objectContaining({ op: 'update', group_id: id, data: { deactivated: false } }),
    ]);
    expect((await groupById(id))['deactivated']).toBe(false);
  });

  it('register lists deactivated groups only with include_deactivated_groups', async () => {
    const created = await noah.ok('POST', '/user_groups/create', { name: 'gone', description: '', members: [] });
    await noah.ok('POST', `/user_groups/${created['group_id']}/deactivate`);
    const plain = await noah.ok('POST', '/register', { fetch_event_types: ['realm_user_groups'] });
    const capable = await noah.ok('POST', '/register', {
      fetch_event_types: ['realm_user_groups'],
      client_capabilities: { include_deactivated_groups: true },
    });
    const has = (state: Obj) => (state['realm_user_groups'] as Obj[]).some((g) => g['id'] === created['group_id']);
    expect([has(plain), has(capable)]).toEqual([false, true]);
  });
});

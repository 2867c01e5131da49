import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, loginRole, openQueue, registered, type Client } from './records-support';
import type { Obj } from './support';

let demo: RunningDevServer;
let empty: RunningDevServer;
let admin: Client;
let member: Client;
let otherMember: Client;
let freshOwner: Client;

beforeAll(async () => {
  [demo, empty] = await Promise.all([startDevServer({ seed: 'demo' }), startDevServer({ seed: 'empty' })]);
  admin = await loginRole(demo, 200);
  member = await loginRole(demo, 400);
  otherMember = await loginRole(demo, 400, 1);
  freshOwner = await loginRole(empty, 100);
});
afterAll(async () => {
  await Promise.all([demo.stop(), empty.stop()]);
});

const CHOICES = { a: { text: 'Alpha', order: '1' }, b: { text: 'Beta', order: '2' } };

describe('custom profile fields of the demo', () => {
  it('cover all eight types, two in the profile summary, in register and GET /realm/profile_fields', async () => {
    const fields = (await registered(member, 'custom_profile_fields')) as Obj[];
    expect(new Set(fields.map((f) => f['type']))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(fields.filter((f) => f['display_in_profile_summary'] === true)).toHaveLength(2);
    for (const field of fields) {
      expect(field).toMatchObject({ id: expect.any(Number), name: expect.any(String), field_data: expect.any(String) });
      expect(field).toHaveProperty('required');
      expect(field).toHaveProperty('editable_by_user');
    }
    const choice = fields.find((f) => f['type'] === 3)!;
    expect(Object.keys(JSON.parse(choice['field_data'])).length).toBeGreaterThan(1);
    expect((await member.ok('GET', '/realm/profile_fields'))['custom_fields']).toEqual(fields);
  });

  it('GET /users includes profile_data only on request, with rendered_value for text fields', async () => {
    const plain = (await member.ok('GET', '/users'))['members'] as Obj[];
    expect(plain.every((u) => !('profile_data' in u))).toBe(true);
    const fields = (await registered(member, 'custom_profile_fields')) as Obj[];
    const byType = (type: number) => String(fields.find((f) => f['type'] === type)!['id']);
    const users = (await member.ok('GET', '/users', { include_custom_profile_fields: true }))['members'] as Obj[];
    const withData = users.filter((u) => !u['is_bot'] && Object.keys(u['profile_data']).length > 0);
    expect(withData.length).toBeGreaterThan(3);
    const owner = users.find((u) => u['role'] === 100)!;
    expect(owner['profile_data'][byType(2)]['rendered_value']).toContain('<strong>Parley</strong>');
    const someone = withData.find((u) => byType(6) in u['profile_data'])!;
    expect(JSON.parse(someone['profile_data'][byType(6)]['value'])).toEqual([expect.any(Number)]);
    expect(someone['profile_data'][byType(6)]).not.toHaveProperty('rendered_value');
    for (const bot of users.filter((u) => u['is_bot'])) expect(bot).not.toHaveProperty('profile_data');
  });
});

describe('POST /realm/profile_fields', () => {
  it('is for administrators only', async () => {
    const res = await member.post('/realm/profile_fields', { name: 'Shoe size', field_type: 1 });
    expectError(res, 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
  });

  it('creates a field and sends everyone the whole new list', async () => {
    const queue = await openQueue(member);
    const body = await admin.ok('POST', '/realm/profile_fields', {
      name: 'Favourite editor',
      hint: 'vim, emacs, ...',
      field_type: 1,
      required: true,
    });
    const [event] = await queue.drainTypes('custom_profile_fields');
    expect(event!['fields'].at(-1)).toMatchObject({
      id: body['id'],
      name: 'Favourite editor',
      hint: 'vim, emacs, ...',
      type: 1,
      field_data: '',
      required: true,
      editable_by_user: true,
    });
    expect(event!['fields']).toEqual(await registered(member, 'custom_profile_fields'));
  });

  it('checks types, choices, names and the summary rules', async () => {
    const post = (params: Obj) => freshOwner.post('/realm/profile_fields', params);
    expectError(await post({ name: 'X', field_type: 9 }), 400, 'BAD_REQUEST', 'Invalid field type.');
    expectError(await post({ name: 'X' }), 400, 'REQUEST_VARIABLE_MISSING');
    expectError(await post({ name: '  ', field_type: 1 }), 400, 'BAD_REQUEST', 'Label cannot be blank.');
    expectError(await post({ name: 'X', field_type: 3 }), 400, 'BAD_REQUEST', 'Field must have at least one choice.');
    const duplicate = { a: { text: 'Same', order: '1' }, b: { text: 'Same', order: '2' } };
    expectError(
      await post({ name: 'X', field_type: 3, field_data: duplicate }),
      400,
      'BAD_REQUEST',
      'Field must not have duplicate choices.',
    );
    expectError(
      await post({ name: 'X', field_type: 3, field_data: { a: { text: 'Alpha' } } }),
      400,
      'BAD_REQUEST',
      'order key is missing from field_data',
    );
    expectError(await post({ name: 'X', field_type: 7, field_data: { subtype: 'custom' } }), 400, 'BAD_REQUEST');
    for (const type of [2, 6]) {
      expectError(
        await post({ name: `T${type}`, field_type: type, display_in_profile_summary: true }),
        400,
        'BAD_REQUEST',
        'Field type not supported for display in profile summary.',
      );
    }
    const choice = await freshOwner.ok('POST', '/realm/profile_fields', {
      name: 'Team',
      field_type: 3,
      field_data: CHOICES,
      display_in_profile_summary: true,
    });
    expectError(
      await post({ name: 'team', field_type: 1 }),
      400,
      'BAD_REQUEST',
      'A field with that label already exists.',
    );
    await freshOwner.ok('POST', '/realm/profile_fields', {
      name: 'Pronouns',
      field_type: 8,
      display_in_profile_summary: true,
    });
    expectError(
      await post({ name: 'Nickname', field_type: 1, display_in_profile_summary: true }),
      400,
      'BAD_REQUEST',
      'Only 2 custom profile fields can be displayed in the profile summary.',
    );
    const github = await freshOwner.ok('POST', '/realm/profile_fields', {
      field_type: 7,
      field_data: { subtype: 'github' },
    });
    const fields = (await registered(freshOwner, 'custom_profile_fields')) as Obj[];
    expect(fields.find((f) => f['id'] === choice['id'])).toMatchObject({ field_data: JSON.stringify(CHOICES) });
    expect(fields.find((f) => f['id'] === github['id'])).toMatchObject({ name: 'GitHub', type: 7 });
  });
});

describe('PATCH /users/me/profile_data', () => {
  it('stores values, renders text fields and tells everyone', async () => {
    const fields = (await registered(member, 'custom_profile_fields')) as Obj[];
    const id = (type: number) => fields.find((f) => f['type'] === type && f['editable_by_user'])!['id'] as number;
    const choiceField = fields.find((f) => f['type'] === 3)!;
    const choiceKey = Object.keys(JSON.parse(choiceField['field_data']))[0]!;
    const queue = await openQueue(otherMember);
    await member.ok('PATCH', '/users/me/profile_data', {
      data: [
        { id: id(2), value: 'I like *green* tea' },
        { id: choiceField['id'], value: choiceKey },
        { id: id(6), value: [otherMember.userId] },
      ],
    });
    const changes = (await queue.drainTypes('realm_user')).map((e) => e['person']);
    expect(changes).toContainEqual({
      user_id: member.userId,
      custom_profile_field: {
        id: id(2),
        value: 'I like *green* tea',
        rendered_value: '<p>I like <em>green</em> tea</p>',
      },
    });
    expect(changes).toContainEqual({
      user_id: member.userId,
      custom_profile_field: { id: id(6), value: `[${otherMember.userId}]` },
    });
    const me = (await otherMember.ok('GET', `/users/${member.userId}`, { include_custom_profile_fields: true }))[
      'user'
    ];
    expect(me['profile_data'][String(id(2))]).toEqual({
      value: 'I like *green* tea',
      rendered_value: '<p>I like <em>green</em> tea</p>',
    });

    await member.ok('PATCH', '/users/me/profile_data', { data: [{ id: id(2), value: '' }] });
    expect((await queue.drainTypes('realm_user')).map((e) => e['person'])).toEqual([
      { user_id: member.userId, custom_profile_field: { id: id(2), value: null } },
    ]);
  });

  it('refuses bad values, unknown fields and fields only administrators may edit', async () => {
    const fields = (await registered(member, 'custom_profile_fields')) as Obj[];
    const of = (type: number) => fields.find((f) => f['type'] === type)!['id'] as number;
    const patch = (data: Obj[]) => member.call('PATCH', '/users/me/profile_data', { data });
    expectError(await patch([{ id: of(3), value: 'nope' }]), 400, 'BAD_REQUEST');
    expectError(await patch([{ id: of(5), value: 'not a url' }]), 400, 'BAD_REQUEST');
    expectError(await patch([{ id: of(6), value: [99999] }]), 400, 'BAD_REQUEST', 'Invalid user ID: 99999');
    expectError(await patch([{ id: 99999, value: 'x' }]), 400, 'BAD_REQUEST', 'Field id 99999 not found.');
    const locked = fields.find((f) => f['editable_by_user'] === false)!;
    expectError(
      await patch([{ id: locked['id'], value: '2024-01-01' }]),
      400,
      'BAD_REQUEST',
      'You are not allowed to change this field. Contact an administrator to update it.',
    );
    await admin.ok('PATCH', '/users/me/profile_data', { data: [{ id: locked['id'], value: '2024-01-01' }] });
    expectError(
      await admin.call('PATCH', '/users/me/profile_data', { data: [{ id: locked['id'], value: '2024-13-45' }] }),
      400,
      'BAD_REQUEST',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { login, type Api, type Obj } from './support';

let server: RunningDevServer;
let admin: Api & { userId: number; email: string };
let member: Api & { userId: number; email: string };
let adminView: Obj[];
let memberView: Obj[];

const USER_FIELDS = [
  'user_id',
  'delivery_email',
  'email',
  'full_name',
  'date_joined',
  'is_active',
  'is_owner',
  'is_admin',
  'is_guest',
  'is_bot',
  'bot_type',
  'role',
  'timezone',
  'avatar_url',
  'avatar_version',
];

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  admin = await login(server, server.byRole(200));
  member = await login(server, server.byRole(400));
  adminView = (await admin.ok('GET', '/users'))['members'];
  memberView = (await member.ok('GET', '/users'))['members'];
});
afterAll(() => server.stop());

describe('GET /users', () => {
  it('lists every account with the User fields, active or not', () => {
    for (const user of memberView) {
      for (const field of USER_FIELDS) expect(user, `${user['full_name']}.${field}`).toHaveProperty(field);
      expect(user['is_admin']).toBe(user['role'] <= 200);
      expect(user['is_owner']).toBe(user['role'] === 100);
      expect(Number.isNaN(Date.parse(user['date_joined']))).toBe(false);
      expect(user).not.toHaveProperty('profile_data');
    }
    expect(memberView.some((u) => !u['is_active'])).toBe(true);
    for (const seeded of server.users)
      expect(memberView.find((u) => u['user_id'] === seeded.userId)).toMatchObject({
        full_name: seeded.fullName,
        role: seeded.role,
      });
    const bot = memberView.find((u) => u['is_bot'])!;
    expect(bot).toMatchObject({ bot_type: 1, bot_owner_id: expect.any(Number), delivery_email: expect.any(String) });
  });

  it('hides real addresses per their owner’s visibility setting, with a placeholder API email', () => {
    const hidden = memberView.filter((u) => u['delivery_email'] === null);
    expect(hidden.length).toBeGreaterThan(0);
    for (const user of hidden) {
      expect(user['email']).toBe(`user${user['user_id']}@parley.localhost`);
      expect(adminView.find((u) => u['user_id'] === user['user_id'])!['delivery_email']).toEqual(
        expect.stringContaining('@'),
      );
    }
    expect(memberView.find((u) => u['user_id'] === member.userId)!['delivery_email']).toBe(member.email);
  });

  it('filters by user_ids, adds profile_data on request, and rejects unknown IDs', async () => {
    const wanted = memberView.slice(0, 2).map((u) => u['user_id']);
    const body = await member.ok('GET', '/users', { user_ids: wanted, include_custom_profile_fields: true });
    expect(body['members'].map((u: Obj) => u['user_id'])).toEqual(wanted);
    // Values of the demo's custom profile fields, keyed by field ID (profile-fields.test.ts has the details).
    for (const user of body['members']) {
      if (user['is_bot']) continue;
      for (const value of Object.values(user['profile_data'] as Obj))
        expect(value).toMatchObject({ value: expect.any(String) });
    }
    const bad = await member.get('/users', { user_ids: [wanted[0], 99999] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid user ID: 99999' });
  });
});

describe('GET /users/{email} and /users/me', () => {
  it('finds a user by API email, placeholder included', async () => {
    for (const user of memberView.slice(0, 6)) {
      const body = await member.ok('GET', `/users/${encodeURIComponent(user['email'])}`);
      expect(body['user']).toEqual(user);
    }
  });

  it('finds by real address only when the caller may see it', async () => {
    const hidden = memberView.find((u) => u['delivery_email'] === null)!;
    const realAddress = adminView.find((u) => u['user_id'] === hidden['user_id'])!['delivery_email'];
    expect((await admin.ok('GET', `/users/${encodeURIComponent(realAddress)}`))['user']['user_id']).toBe(
      hidden['user_id'],
    );
    const denied = await member.get(`/users/${encodeURIComponent(realAddress)}`);
    expect(denied.status).toBe(400);
    expect(denied.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });

  it('finds by user ID too', async () => {
    expect((await member.ok('GET', `/users/${admin.userId}`))['user']['user_id']).toBe(admin.userId);
  });

  it('/users/me describes the caller', async () => {
    const me = await member.ok('GET', '/users/me');
    expect(me).toMatchObject({
      user_id: member.userId,
      delivery_email: member.email,
      role: 400,
      is_active: true,
      profile_data: {},
    });
    expect(me['max_message_id']).toBeGreaterThan(1000);
  });
});

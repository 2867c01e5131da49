import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDevServer } from '../helpers/devserver';
import { expectError, openQueue, type Client } from './records-support';
import { startRoleCast } from './role-cast';
import type { Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let admin: Client;
let member: Client;
let target: Client;

beforeAll(async () => {
  ({ server, owner, admin, member, target } = await startRoleCast(2));
});
afterAll(() => server.stop());

async function roleOf(userId: number): Promise<number> {
  return (await member.ok('GET', `/users/${userId}`))['user']['role'] as number;
}

async function systemGroupMembers(name: string): Promise<number[]> {
  const body = await member.ok('POST', '/register', { fetch_event_types: ['realm_user_groups'] });
  return (body['realm_user_groups'] as Obj[]).find((g) => g['name'] === name)!['members'];
}

describe('PATCH /users/{user_id} role', () => {
  it('follows Zulip: administrators change roles, only owners make or unmake owners, the only owner stays', async () => {
    expectError(
      await member.call('PATCH', `/users/${target.userId}`, { role: 300 }),
      400,
      'BAD_REQUEST',
      'Insufficient permission',
    );
    const ownerOnly = await admin.call('PATCH', `/users/${target.userId}`, { role: 100 });
    expectError(ownerOnly, 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectError(await admin.call('PATCH', `/users/${owner.userId}`, { role: 400 }), 400, 'UNAUTHORIZED_PRINCIPAL');
    expectError(
      await admin.call('PATCH', `/users/${target.userId}`, { role: 250 }),
      400,
      'BAD_REQUEST',
      'Invalid role',
    );
    expectError(await admin.call('PATCH', '/users/99999', { role: 300 }), 400, 'BAD_REQUEST', 'No such user');
    const last = await owner.call('PATCH', `/users/${owner.userId}`, { role: 200 });
    expectError(last, 400, 'BAD_REQUEST', 'The owner permission cannot be removed from the only organization owner.');
    expect(await roleOf(owner.userId)).toBe(100);
    expect(await roleOf(target.userId)).toBe(400);
  });

  it('changes the role, moves the system group membership and tells every client', async () => {
    const queue = await openQueue(member);
    await admin.ok('PATCH', `/users/${target.userId}`, { role: 300 });
    const events = await queue.drain();
    expect(events.find((e) => e['type'] === 'realm_user')).toMatchObject({
      op: 'update',
      person: { user_id: target.userId, role: 300 },
    });
    const moved = events.filter((e) => e['type'] === 'user_group').map((e) => e['op']);
    expect(moved).toEqual(['remove_members', 'add_members']);
    expect(await roleOf(target.userId)).toBe(300);
    expect(await systemGroupMembers('role:moderators')).toContain(target.userId);
    expect(await systemGroupMembers('role:fullmembers')).not.toContain(target.userId);
    await admin.ok('PATCH', `/users/${target.userId}`, { role: 400 });
    expect(await roleOf(target.userId)).toBe(400);
  });
});

describe('email invitations: POST/GET /invites, DELETE /invites/{id}, POST /invites/{id}/resend', () => {
  it("refuses what Zulip refuses, in Zulip's words", async () => {
    expectError(
      await admin.post('/invites', { invitee_emails: ' , ', stream_ids: [] }),
      400,
      'BAD_REQUEST',
      'You must specify at least one email address.',
    );
    const bad = await admin.post('/invites', { invitee_emails: 'not-an-address, ok@example.org', stream_ids: [] });
    expectError(bad, 400, 'INVITATION_FAILED', "Some emails did not validate, so we didn't send any invitations.");
    expect(bad.body['errors']).toEqual([['not-an-address', 'Invalid address.', false]]);
    expectError(
      await member.post('/invites', { invitee_emails: 'x@example.org', invite_as: 200, stream_ids: [] }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
    );
    expectError(
      await admin.post('/invites', { invitee_emails: 'x@example.org', stream_ids: [99999] }),
      400,
      'BAD_REQUEST',
      'Invalid channel ID 99999. No invites were sent.',
    );
    const invites = (await admin.ok('GET', '/invites'))['invites'] as Obj[];
    expect(invites.filter((i) => !i['is_multiuse'])).toEqual([]);
  });

  it('records the invitations, skips addresses in use, and lists, resends and revokes them', async () => {
    const emails = `new.one@example.org\n${target.email}, new.two@example.org`;
    const partly = await admin.post('/invites', {
      invitee_emails: emails,
      invite_as: 300,
      stream_ids: [],
      invite_expires_in_minutes: 60,
    });
    expectError(partly, 400, 'INVITATION_FAILED');
    expect(partly.body['sent_invitations']).toBe(true);
    expect(partly.body['errors']).toEqual([[target.email, 'Already has an account.', false]]);
    await admin.ok('POST', '/invites/multiuse', { invite_as: 400 });

    const listed = (await admin.ok('GET', '/invites'))['invites'] as Obj[];
    const emailed = listed.filter((i) => i['is_multiuse'] === false);
    expect(emailed.map((i) => i['email'])).toEqual(['new.one@example.org', 'new.two@example.org']);
    expect(emailed[0]).toMatchObject({
      invited_as: 300,
      invited_by_user_id: admin.userId,
      notify_referrer_on_join: true,
    });
    expect((emailed[0]!['expiry_date'] as number) - (emailed[0]!['invited'] as number)).toBe(3600);
    expect(listed.some((i) => i['is_multiuse'] === true && typeof i['link_url'] === 'string')).toBe(true);
    expect(((await member.ok('GET', '/invites'))['invites'] as Obj[]).some((i) => i['is_multiuse'] === false)).toBe(
      false,
    );

    const [first, second] = emailed as [Obj, Obj];
    expectError(await member.post(`/invites/${first['id']}/resend`), 400, 'UNAUTHORIZED_PRINCIPAL');
    await admin.ok('POST', `/invites/${first['id']}/resend`);
    expectError(await member.delete(`/invites/${second['id']}`), 400, 'UNAUTHORIZED_PRINCIPAL');
    await owner.ok('DELETE', `/invites/${second['id']}`);
    expectError(await owner.delete(`/invites/${second['id']}`), 400, 'BAD_REQUEST', 'No such invitation');
    expectError(await owner.post('/invites/99999/resend'), 400, 'BAD_REQUEST', 'No such invitation');
    const after = ((await admin.ok('GET', '/invites'))['invites'] as Obj[]).filter((i) => !i['is_multiuse']);
    expect(after.map((i) => i['email'])).toEqual(['new.one@example.org']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, loginRole, openQueue, registered, type Client } from './records-support';
import { Api, type Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let admin: Client;
let moderator: Client;
let member: Client;
let guest: Client;
let groups: Map<string, number>;
let channels: Map<string, Obj>;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  [owner, admin, moderator, member, guest] = await Promise.all([
    loginRole(server, 100),
    loginRole(server, 200),
    loginRole(server, 300),
    loginRole(server, 400),
    loginRole(server, 600),
  ]);
  const body = await owner.ok('POST', '/register', { fetch_event_types: ['realm_user_groups', 'subscription'] });
  groups = new Map((body['realm_user_groups'] as Obj[]).map((g) => [g['name'] as string, g['id'] as number]));
  channels = new Map([...body['subscriptions'], ...body['never_subscribed']].map((c: Obj) => [c['name'], c]));
});
afterAll(() => server.stop());

const channelId = (name: string): number => channels.get(name)!['stream_id'] as number;

/** Submits the sign-up form of an invitation link the way a browser does. */
async function signUp(link: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const key = new URL(link).pathname.split('/')[2]!;
  const res = await fetch(new URL('/accounts/register/', server.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key, password: 'secret-pass', timezone: 'Europe/Paris', ...fields }).toString(),
  });
  return { status: res.status, html: await res.text() };
}

async function signIn(email: string, password = 'secret-pass'): Promise<Client> {
  const body = await new Api(server.baseUrl).ok('POST', '/fetch_api_key', { username: email, password });
  return Object.assign(new Api(server.baseUrl, { email: body['email'], apiKey: body['api_key'] }), {
    userId: body['user_id'] as number,
    email: body['email'] as string,
  });
}

describe('POST /invites/multiuse: who may invite whom', () => {
  it('follows create_multiuse_invite_group and never grants a role above the caller’s', async () => {
    expectError(await guest.post('/invites/multiuse', {}), 400, 'BAD_REQUEST', 'Not allowed for guest users');
    expectError(await member.post('/invites/multiuse', {}), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(
      await admin.post('/invites/multiuse', { invite_as: 100 }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization owner',
    );
    expectError(await admin.post('/invites/multiuse', { invite_as: 250 }), 400, 'BAD_REQUEST', 'Invalid invite_as');
    await admin.ok('POST', '/invites/multiuse', { invite_as: 200 });
    await owner.ok('POST', '/invites/multiuse', { invite_as: 100 });

    await owner.ok('PATCH', '/realm', { create_multiuse_invite_group: { new: groups.get('role:members') } });
    expect((await member.ok('POST', '/invites/multiuse', { invite_as: 600 }))['invite_link']).toContain('/join/');
    expectError(
      await member.post('/invites/multiuse', { invite_as: 300 }),
      400,
      'BAD_REQUEST',
      'Insufficient permission',
    );
    await moderator.ok('POST', '/invites/multiuse', { invite_as: 300 });
  });

  it('checks channels: reachable, and only from callers who may subscribe others', async () => {
    const leadership = channelId('leadership');
    expectError(
      await member.post('/invites/multiuse', { stream_ids: [leadership] }),
      400,
      'BAD_REQUEST',
      `Invalid channel ID ${leadership}. No invites were sent.`,
    );
    expectError(await member.post('/invites/multiuse', { stream_ids: [99999] }), 400, 'BAD_REQUEST');
    await member.ok('POST', '/invites/multiuse', { stream_ids: [channelId('random')] });
    await owner.ok('PATCH', '/realm', { can_add_subscribers_group: { new: groups.get('role:administrators') } });
    expectError(
      await member.post('/invites/multiuse', { stream_ids: [channelId('random')] }),
      400,
      'BAD_REQUEST',
      'You do not have permission to subscribe other users to channels.',
    );
    await member.ok('POST', '/invites/multiuse', { stream_ids: [] });
    await admin.ok('POST', '/invites/multiuse', { stream_ids: [leadership] });
    await owner.ok('PATCH', '/realm', { can_add_subscribers_group: { new: groups.get('role:members') } });
  });

  it('checks groups and the welcome text', async () => {
    const backend = groups.get('backend')!;
    expectError(
      await member.post('/invites/multiuse', { group_ids: [backend] }),
      400,
      'BAD_REQUEST',
      'Insufficient permission',
    );
    expectError(
      await owner.post('/invites/multiuse', { group_ids: [99999] }),
      400,
      'BAD_REQUEST',
      'Invalid user group',
    );
    await owner.ok('POST', '/invites/multiuse', { group_ids: [backend] });
    expectError(
      await owner.post('/invites/multiuse', { welcome_message_custom_text: 'x'.repeat(8001) }),
      400,
      'BAD_REQUEST',
    );
  });

  it('sets expiry: 14400 minutes by default, never with null', async () => {
    const now = Math.floor(Date.now() / 1000);
    const byDefault = (await owner.ok('POST', '/invites/multiuse', {}))['invite_link'] as string;
    const forever = (await owner.ok('POST', '/invites/multiuse', { invite_expires_in_minutes: null }))['invite_link'];
    const listed = (await owner.ok('GET', '/invites'))['invites'] as Obj[];
    const find = (link: string) => listed.find((invite) => invite['link_url'] === link)!;
    expect(find(byDefault)['expiry_date'] - now).toBeGreaterThanOrEqual(14_400 * 60 - 5);
    expect(find(byDefault)['expiry_date'] - now).toBeLessThanOrEqual(14_400 * 60 + 5);
    expect(find(forever)['expiry_date']).toBeNull();
    expect(find(forever)).toMatchObject({ is_multiuse: true, invited_as: 400, invited_by_user_id: owner.userId });
  });
});

describe('redeeming an invitation link', () => {
  it('shows a sign-up page and creates the invited account, announced to everyone', async () => {
    const link = (
      await owner.ok('POST', '/invites/multiuse', {
        invite_as: 300,
        stream_ids: [channelId('engineering')],
        group_ids: [groups.get('design-team')],
        include_realm_default_subscriptions: true,
        welcome_message_custom_text: 'Welcome! Read #**help** first.',
      })
    )['invite_link'] as string;
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/join/[a-z0-9]{24}/$`));
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/accounts/register/">');
    expect(html).toContain('a moderator');

    const [watcher, adminQueue] = await Promise.all([openQueue(member), openQueue(admin)]);
    const result = await signUp(link, { email: 'newbie@parley.example', full_name: 'New Bie' });
    expect(result.status, result.html).toBe(200);
    expect(result.html).toContain('newbie@parley.example');

    const fresh = await signIn('newbie@parley.example');
    const events = await watcher.drain();
    const added = events.find((e) => e['type'] === 'realm_user' && e['op'] === 'add')!;
    expect(added['person']).toMatchObject({
      user_id: fresh.userId,
      full_name: 'New Bie',
      role: 300,
      is_active: true,
      timezone: 'Europe/Paris',
    });
    const peerAdds = events.filter((e) => e['type'] === 'subscription' && e['op'] === 'peer_add');
    const joined = peerAdds.filter((e) => e['user_ids'].includes(fresh.userId)).flatMap((e) => e['stream_ids']);
    expect(joined).toContain(channelId('engineering'));
    expect(joined).toContain(channelId('general'));
    const memberships = events.filter((e) => e['type'] === 'user_group' && e['op'] === 'add_members');
    expect(memberships.map((e) => e['group_id'])).toEqual(
      expect.arrayContaining([groups.get('role:moderators'), groups.get('design-team')]),
    );
    expect(events.indexOf(added)).toBeLessThan(events.indexOf(peerAdds[0]!));
    expect((await adminQueue.drainTypes('realm_user'))[0]!['person']['delivery_email']).toBe('newbie@parley.example');

    const me = await fresh.ok('POST', '/register', { fetch_event_types: ['subscription', 'realm_user', 'message'] });
    expect(me['is_moderator']).toBe(true);
    const subscribed = (me['subscriptions'] as Obj[]).map((s) => s['name']);
    expect(subscribed).toEqual(expect.arrayContaining(['engineering', 'general', 'announcements']));
    const inbox = await fresh.ok('GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      apply_markdown: false,
    });
    expect(inbox['messages'].map((m: Obj) => m['content'])).toContain('Welcome! Read #**help** first.');
  });

  it('lets several people use one link, ignores a non-administrator’s welcome text, and refuses bad forms', async () => {
    const link = (await member.ok('POST', '/invites/multiuse', { welcome_message_custom_text: 'Hi from a member' }))[
      'invite_link'
    ] as string;
    const taken = await signUp(link, { email: member.email, full_name: 'Copycat' });
    expect(taken.status).toBe(400);
    expect(taken.html).toContain('Email is already in use.');
    const weak = await signUp(link, { email: 'weak@parley.example', full_name: 'Weak', password: '123' });
    expect(weak.status).toBe(400);
    expect(weak.html).toContain('role="alert"');
    for (const name of ['one', 'two']) {
      expect((await signUp(link, { email: `${name}@parley.example`, full_name: `Person ${name}` })).status).toBe(200);
    }
    const two = await signIn('two@parley.example');
    expect((await two.ok('GET', '/users/me'))['role']).toBe(400);
    const inbox = await two.ok('GET', '/messages', { anchor: 'newest', num_before: 10, num_after: 0 });
    expect(inbox['messages']).toEqual([]);
  });

  it('refuses expired and revoked links', async () => {
    const expired = (await owner.ok('POST', '/invites/multiuse', { invite_expires_in_minutes: 0 }))['invite_link'];
    const page = await fetch(expired);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('expired or been deactivated');
    expect((await signUp(expired, { email: 'late@parley.example', full_name: 'Late' })).status).toBe(404);

    const link = (await owner.ok('POST', '/invites/multiuse', {}))['invite_link'] as string;
    const invite = ((await owner.ok('GET', '/invites'))['invites'] as Obj[]).find((i) => i['link_url'] === link)!;
    expectError(await member.delete(`/invites/multiuse/${invite['id']}`), 400, 'BAD_REQUEST');
    await owner.ok('DELETE', `/invites/multiuse/${invite['id']}`);
    expect((await fetch(link)).status).toBe(404);
    expect((await signUp(link, { email: 'revoked@parley.example', full_name: 'Too late' })).status).toBe(404);
    expectError(
      await owner.delete(`/invites/multiuse/${invite['id']}`),
      400,
      'BAD_REQUEST',
      'Invitation has already been revoked',
    );
    const failed = await new Api(server.baseUrl).post('/fetch_api_key', {
      username: 'revoked@parley.example',
      password: 'secret-pass',
    });
    expect(failed.status).toBe(401);
  });

  it('the demo ships a working link', async () => {
    const seeded = ((await owner.ok('GET', '/invites'))['invites'] as Obj[]).find((i) => i['expiry_date'] === null)!;
    expect(
      (await signUp(seeded['link_url'], { email: 'demo-join@parley.example', full_name: 'Demo Joiner' })).status,
    ).toBe(200);
    const joiner = await signIn('demo-join@parley.example');
    expect(((await registered(joiner, 'subscription', 'subscriptions')) as Obj[]).length).toBeGreaterThan(1);
  });
});

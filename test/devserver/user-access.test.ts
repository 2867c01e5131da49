/**
 * can_access_all_users_group as Zulip applies it: with role:members, the demo's guest (Gabriel,
 * in #design, #partners and a DM with Olivia) reaches only the people he shares one of those with,
 * and bots. Lars shares nothing with him.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { loginRole, openEventQueue, type Client } from './queue-support';
import { login, type Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let guest: Client;
let larsId: number;
let membersGroup: number;
let everyoneGroup: number;

async function limitGuests(limited: boolean): Promise<void> {
  const group = limited ? membersGroup : everyoneGroup;
  await owner.ok('PATCH', '/realm', { can_access_all_users_group: { new: group } });
}

const userIds = (users: Obj[]): number[] => users.map((u) => u['user_id'] as number);

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await loginRole(server, 100);
  guest = await loginRole(server, 600);
  larsId = server.users.find((u) => u.fullName === 'Lars Nilsson')!.userId;
  const groups = (await owner.ok('GET', '/user_groups'))['user_groups'] as Obj[];
  membersGroup = groups.find((g) => g['name'] === 'role:members')!['id'] as number;
  everyoneGroup = groups.find((g) => g['name'] === 'role:everyone')!['id'] as number;
  await limitGuests(true);
});
afterAll(() => server.stop());

describe('a guest limited by can_access_all_users_group', () => {
  it('gets no Lars in register with user_list_incomplete, bots and shared people still there', async () => {
    const state = await guest.ok('POST', '/register', {
      fetch_event_types: ['realm_user'],
      client_capabilities: { user_list_incomplete: true },
    });
    const ids = userIds(state['realm_users'] as Obj[]);
    expect(ids).not.toContain(larsId);
    expect(ids).toContain(owner.userId);
    expect((state['realm_users'] as Obj[]).some((u) => u['is_bot'] === true)).toBe(true);
    expect((state['realm_users'] as Obj[]).map((u) => u['full_name'])).not.toContain('Unknown user');
  });

  it('gets Zulip\'s "Unknown user" stand-in for Lars without the capability', async () => {
    const state = await guest.ok('POST', '/register', { fetch_event_types: ['realm_user'] });
    const lars = (state['realm_users'] as Obj[]).find((u) => u['user_id'] === larsId);
    expect(lars).toMatchObject({ full_name: 'Unknown user', is_bot: false, role: 400, delivery_email: null });
    expect(lars!['email']).toMatch(new RegExp(`^user${larsId}@`));
  });

  it('is refused Lars by ID and by email with "Insufficient permission", and answered for Olivia', async () => {
    const state = await guest.ok('POST', '/register', { fetch_event_types: ['realm_user'] });
    const standIn = (state['realm_users'] as Obj[]).find((u) => u['user_id'] === larsId)!;
    for (const path of [`/users/${larsId}`, `/users/${standIn['email'] as string}`]) {
      const res = await guest.get(path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    }
    const olivia = await guest.ok('GET', `/users/${owner.userId}`);
    expect(olivia['user']['full_name']).toBe('Olivia Ortega');
    expect(userIds((await guest.ok('GET', '/users'))['members'] as Obj[])).not.toContain(larsId);
  });

  it('cannot write to Lars, and members still reach everyone', async () => {
    const res = await guest.post('/messages', { type: 'direct', to: JSON.stringify([larsId]), content: 'hi' });
    expect(res.body['msg']).toBe('You do not have permission to access some of the recipients.');
    expect((await owner.ok('GET', `/users/${larsId}`))['user']['full_name']).toBe('Lars Nilsson');
  });

  it('hears of Lars as realm_user add once they share a channel, and remove once they no longer do', async () => {
    const queue = await openEventQueue(guest, {
      event_types: ['realm_user'],
      client_capabilities: { user_list_incomplete: true },
    });
    await owner.ok('POST', '/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: 'partners' }]),
      principals: JSON.stringify([larsId]),
    });
    const added = await queue.drainTypes('realm_user');
    expect(added).toEqual([
      expect.objectContaining({
        op: 'add',
        person: expect.objectContaining({ user_id: larsId, full_name: 'Lars Nilsson' }),
      }),
    ]);
    expect((await guest.ok('GET', `/users/${larsId}`))['user']['user_id']).toBe(larsId);
    const lars = await login(
      server,
      server.users.find((u) => u.userId === larsId)!,
    );
    const sent = await lars.ok('POST', '/messages', {
      type: 'stream',
      to: 'partners',
      topic: 'kickoff',
      content: 'Hi all',
    });
    const senderSeen = async (): Promise<Obj> =>
      ((await guest.ok('GET', '/messages', { message_ids: JSON.stringify([sent['id']]) }))['messages'] as Obj[])[0]!;
    expect(await senderSeen()).toMatchObject({ sender_full_name: 'Lars Nilsson' });
    await owner.ok('DELETE', '/users/me/subscriptions', {
      subscriptions: JSON.stringify(['partners']),
      principals: JSON.stringify([larsId]),
    });
    const removed = await queue.drainTypes('realm_user');
    expect(removed).toEqual([
      expect.objectContaining({ op: 'remove', person: { user_id: larsId, full_name: 'Lars Nilsson' } }),
    ]);
    // His old message stays readable, from Zulip's "Unknown user".
    expect(await senderSeen()).toMatchObject({ sender_id: larsId, sender_full_name: 'Unknown user' });
  });

  it('hears of Lars before his first direct message to the guest', async () => {
    const queue = await openEventQueue(guest, {
      event_types: ['realm_user', 'message'],
      client_capabilities: { user_list_incomplete: true },
    });
    const lars = await login(
      server,
      server.users.find((u) => u.userId === larsId)!,
    );
    await lars.ok('POST', '/messages', {
      type: 'direct',
      to: JSON.stringify([guest.userId]),
      content: 'Hello Gabriel',
    });
    const events = await queue.drain();
    expect(events.map((e) => `${e['type']}:${e['op'] ?? ''}`)).toEqual(['realm_user:add', 'message:']);
    expect(events[0]!['person']['full_name']).toBe('Lars Nilsson');
  });

  it('sees everyone again once the setting is role:everyone', async () => {
    await limitGuests(false);
    expect((await guest.ok('GET', `/users/${larsId}`))['user']['full_name']).toBe('Lars Nilsson');
    await limitGuests(true);
  });
});

/**
 * Bots as Zulip manages them: created by members (POST /bots, the API key in the answer), listed
 * in register's realm_bots for those who administer them (owner and administrators) and by
 * GET /bots for their owner, renamed (PATCH) and deactivated (DELETE). Everyone hears of the bot
 * user (realm_user); only its administrators get realm_bot, with the key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, loginRole, openQueue, registered, type Client } from './records-support';
import type { Obj } from './support';

let server: RunningDevServer;
let admin: Client;
let member: Client;
let otherMember: Client;
let guest: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  [admin, member, otherMember, guest] = await Promise.all([
    loginRole(server, 200),
    loginRole(server, 400, 0),
    loginRole(server, 400, 1),
    loginRole(server, 600),
  ]);
});
afterAll(() => server.stop());

const strip = (events: Obj[]) => events.map(({ id: _id, ...e }) => e);
const botIds = async (c: Client) =>
  ((await registered(c, 'realm_bot', 'realm_bots')) as Obj[]).map((b) => b['user_id']);

describe('bots', () => {
  let botId: number;
  let apiKey: string;

  it('are created by members, announced to everyone as users and to their administrators as bots', async () => {
    const [adminQ, ownerQ, otherQ] = await Promise.all([openQueue(admin), openQueue(member), openQueue(otherMember)]);
    const made = await member.ok('POST', '/bots', { full_name: 'Deploy Helper', short_name: 'deploy' });
    botId = made['user_id'] as number;
    apiKey = made['api_key'] as string;
    expect(apiKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(made).toMatchObject({ default_sending_stream: null, default_all_public_streams: false });

    const bot = {
      email: 'deploy-bot@parley.localhost',
      user_id: botId,
      full_name: 'Deploy Helper',
      bot_type: 1,
      is_active: true,
      api_key: apiKey,
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: false,
      avatar_url: expect.any(String),
      services: [],
      owner_id: member.userId,
    };
    for (const q of [adminQ, ownerQ])
      expect(strip(await q.drainTypes('realm_bot'))).toEqual([{ type: 'realm_bot', op: 'add', bot }]);
    const other = await otherQ.drain();
    expect(other.filter((e) => e['type'] === 'realm_bot')).toEqual([]);
    const added = other.find((e) => e['type'] === 'realm_user' && e['op'] === 'add')!;
    expect(added['person']).toMatchObject({ user_id: botId, is_bot: true, bot_type: 1, bot_owner_id: member.userId });
    expect(JSON.stringify(other)).not.toContain(apiKey);
  });

  it('are listed for their owner and administrators only', async () => {
    expect(await botIds(member)).toContain(botId);
    expect(await botIds(admin)).toContain(botId);
    expect(await botIds(otherMember)).not.toContain(botId);
    const own = (await member.ok('GET', '/bots'))['bots'] as Obj[];
    expect(own.find((b) => b['username'] === 'deploy-bot@parley.localhost')).toMatchObject({
      full_name: 'Deploy Helper',
      api_key: apiKey,
    });
  });

  it('refuse guests, taken names and usernames, and strangers, in Zulip’s words', async () => {
    expectError(
      await guest.post('/bots', { full_name: 'G', short_name: 'g' }),
      400,
      'BAD_REQUEST',
      'Not allowed for guest users',
    );
    expectError(
      await member.post('/bots', { full_name: 'Other', short_name: 'deploy' }),
      400,
      'BAD_REQUEST',
      'Username already in use',
    );
    expectError(
      await member.post('/bots', { full_name: 'Deploy Helper', short_name: 'x' }),
      400,
      'BAD_REQUEST',
      'Name is already in use!',
    );
    expectError(
      await member.post('/bots', { full_name: 'Blank', short_name: '  ' }),
      400,
      'BAD_REQUEST',
      'Bad name or username',
    );
    expectError(
      await otherMember.call('PATCH', `/bots/${botId}`, { full_name: 'Mine' }),
      400,
      'BAD_REQUEST',
      'Insufficient permission',
    );
    expectError(await member.delete(`/bots/${member.userId}`), 400, 'BAD_REQUEST', 'No such bot');
  });

  it('are renamed and deactivated, with realm_user to everyone and realm_bot update to administrators', async () => {
    const [adminQ, otherQ] = await Promise.all([openQueue(admin), openQueue(otherMember)]);
    const renamed = await admin.ok('PATCH', `/bots/${botId}`, { full_name: 'Release Helper' });
    expect(renamed).toMatchObject({ full_name: 'Release Helper', bot_owner: expect.any(String) });
    await member.ok('DELETE', `/bots/${botId}`);
    expect(strip(await adminQ.drainTypes('realm_bot'))).toEqual([
      { type: 'realm_bot', op: 'update', bot: { user_id: botId, full_name: 'Release Helper' } },
      { type: 'realm_bot', op: 'update', bot: { user_id: botId, is_active: false } },
    ]);
    expect(strip(await otherQ.drainTypes('realm_user', 'realm_bot'))).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: botId, full_name: 'Release Helper' } },
      { type: 'realm_user', op: 'update', person: { user_id: botId, is_active: false } },
    ]);
    const listed = (await registered(admin, 'realm_bot', 'realm_bots')) as Obj[];
    expect(listed.find((b) => b['user_id'] === botId)).toMatchObject({ is_active: false, full_name: 'Release Helper' });
    expect(((await member.ok('GET', '/bots'))['bots'] as Obj[]).map((b) => b['full_name'])).not.toContain(
      'Release Helper',
    );
  });

  it('are reactivated by an administrator, unless an active account has the name', async () => {
    const [adminQ, otherQ] = await Promise.all([openQueue(admin), openQueue(otherMember)]);
    expectError(
      await member.post(`/users/${botId}/reactivate`),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
    );
    const twin = await member.ok('POST', '/bots', { full_name: 'Release Helper', short_name: 'twin' });
    expectError(
      await admin.post(`/users/${botId}/reactivate`),
      400,
      'BAD_REQUEST',
      'There is already an active bot named "Release Helper" in this organization. To reactivate this bot, you must rename or deactivate the other one first.',
    );
    await member.ok('DELETE', `/bots/${twin['user_id'] as number}`);
    await adminQ.drain();
    await otherQ.drain();
    await admin.ok('POST', `/users/${botId}/reactivate`);
    expect(strip(await adminQ.drainTypes('realm_bot'))).toEqual([
      { type: 'realm_bot', op: 'update', bot: { user_id: botId, is_active: true } },
    ]);
    expect(strip(await otherQ.drainTypes('realm_user', 'realm_bot'))).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: botId, is_active: true } },
    ]);
    expectError(await admin.post(`/users/${botId}/reactivate`), 400, 'BAD_REQUEST', 'User is already active');
  });
});

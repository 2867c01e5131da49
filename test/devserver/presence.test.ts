/**
 * Presence on the dev server: POST /users/me/presence (modern and legacy formats, last_update_id,
 * history limits), register's presences, the presence events with and without
 * simplified_presence_events, GET /realm/presence and GET /users/{id or email}/presence. Timings
 * are shortened (ping 1 s, offline after 13 s) so "back online after a gap" fits in a test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, loginRole, openQueue, type Client } from './messages-support';
import type { Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let noah: Client;
let priya: Client;
let maya: Client;

beforeAll(async () => {
  server = await startDevServer({
    seed: 'demo',
    args: ['--presence-ping-seconds', '1', '--presence-offline-seconds', '13'],
  });
  owner = await loginRole(server, 100);
  noah = await loginRole(server, 400, 0);
  priya = await loginRole(server, 400, 1);
  maya = await loginRole(server, 400, 2);
});
afterAll(() => server.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nowSeconds = () => Date.now() / 1000;
const ping = (api: Client, params: Record<string, string | number | boolean> = {}) =>
  api.ok('POST', '/users/me/presence', { status: 'active', ...params });

/** The user's API email, which keys the legacy format (a placeholder when the address is hidden). */
async function apiEmail(userId: number): Promise<string> {
  return (await owner.ok('GET', `/users/${userId}`))['user']['email'];
}

async function registerPresence(api: Client, params: Obj = {}): Promise<Obj> {
  return api.ok('POST', '/register', {
    fetch_event_types: ['presence', 'realm'],
    event_types: ['presence'],
    ...params,
  });
}

describe('POST /users/me/presence', () => {
  it('records a first report and announces it in each client’s format', async () => {
    // The demo seeds others' presence; Noah never reported.
    const before = await registerPresence(owner, { slim_presence: true });
    expect(before['presences']).not.toHaveProperty(String(noah.userId));
    expect(before['server_presence_ping_interval_seconds']).toBe(1);
    expect(before['server_presence_offline_threshold_seconds']).toBe(13);
    const modern = await openQueue(owner, { client_capabilities: { simplified_presence_events: true } });
    const legacy = await openQueue(owner);

    const start = Math.floor(nowSeconds());
    const body = await ping(noah, { slim_presence: true, new_user_input: true });
    const entry = body['presences'][String(noah.userId)];
    expect(entry['active_timestamp']).toBeGreaterThanOrEqual(start);
    expect(entry['idle_timestamp']).toBe(entry['active_timestamp']);
    expect(body['presence_last_update_id']).toBeGreaterThan(before['presence_last_update_id']);
    expect(body['server_timestamp']).toBeGreaterThanOrEqual(start);

    expect(await modern.drainTypes('presence')).toEqual([
      expect.objectContaining({ type: 'presence', presences: { [String(noah.userId)]: entry } }),
    ]);
    const [old] = await legacy.drainTypes('presence');
    expect(old).toMatchObject({
      user_id: noah.userId,
      email: await apiEmail(noah.userId),
      presence: {
        website: { client: 'website', status: 'active', timestamp: entry['active_timestamp'], pushable: false },
      },
    });
    expect(old).not.toHaveProperty('presences');
    expect(typeof old!['server_timestamp']).toBe('number');
  });

  it('does not announce or rewrite a report made again within the ping interval', async () => {
    const first = await ping(noah, { last_update_id: -1 });
    const queue = await openQueue(owner, { client_capabilities: { simplified_presence_events: true } });
    const again = await ping(noah, { last_update_id: first['presence_last_update_id'] });
    expect(again['presences']).toEqual({});
    expect(again['presence_last_update_id']).toBe(first['presence_last_update_id']);
    expect(await queue.drainTypes('presence')).toEqual([]);
  });

  it('gives only what changed since last_update_id, always in the modern format', async () => {
    const seen = (await ping(owner, { last_update_id: -1 }))['presence_last_update_id'] as number;
    await priya.ok('POST', '/users/me/presence', { status: 'idle', ping_only: true });
    const body = await owner.ok('POST', '/users/me/presence', { status: 'active', last_update_id: seen });
    expect(Object.keys(body['presences'])).toEqual([String(priya.userId)]);
    const idle = body['presences'][String(priya.userId)];
    // Never active: Zulip reports the active time as the day the account was created.
    expect(idle['active_timestamp']).toBeLessThan(idle['idle_timestamp']);
    expect(body['presence_last_update_id']).toBeGreaterThan(seen);
  });

  it('answers the legacy format by email without slim_presence or last_update_id, and nothing for ping_only', async () => {
    const body = await ping(owner);
    const noahEntry = body['presences'][await apiEmail(noah.userId)];
    expect(noahEntry['aggregated']).toEqual({ client: 'website', status: 'active', timestamp: expect.any(Number) });
    expect(noahEntry['website']).toEqual({ ...noahEntry['aggregated'], pushable: false });
    expect(body['presences'][await apiEmail(priya.userId)]['aggregated']['status']).toBe('idle');
    const pingOnly = await ping(owner, { ping_only: true });
    expect(Object.keys(pingOnly).sort()).toEqual(['msg', 'result']);
  });

  it('refuses an unknown or missing status', async () => {
    expectError(await noah.post('/users/me/presence', { status: 'away' }), 'BAD_REQUEST', 'Invalid status: away');
    expectError(await noah.post('/users/me/presence', {}), 'REQUEST_VARIABLE_MISSING');
  });

  it('announces a user who comes back after missing a couple of pings', async () => {
    await ping(maya);
    const queue = await openQueue(owner, { client_capabilities: { simplified_presence_events: true } });
    await sleep(2_200);
    await ping(maya);
    const events = await queue.drainTypes('presence');
    expect(events.map((e) => Object.keys(e['presences']))).toEqual([[String(maya.userId)]]);
  });
});

describe('reading presence', () => {
  it('register lists presences in the asked format, limited by presence_history_limit_days', async () => {
    const slim = await registerPresence(owner, { slim_presence: true });
    expect(Object.keys(slim['presences'])).toEqual(expect.arrayContaining([String(noah.userId), String(priya.userId)]));
    expect(slim['presence_last_update_id']).toBeGreaterThan(0);
    const legacy = await registerPresence(owner);
    expect(legacy['presences'][await apiEmail(noah.userId)]['aggregated']['status']).toBe('active');
    const none = await registerPresence(owner, { slim_presence: true, presence_history_limit_days: 0 });
    expect(none['presences']).toEqual({});
  });

  it('GET /realm/presence gives everyone in the legacy format', async () => {
    const body = await priya.ok('GET', '/realm/presence');
    expect(body['presences'][await apiEmail(noah.userId)]['website']['status']).toBe('active');
    expect(body).not.toHaveProperty('presence_last_update_id');
    expect(typeof body['server_timestamp']).toBe('number');
  });

  it('GET /users/{id or email}/presence gives one user, and clear errors', async () => {
    const byId = await priya.ok('GET', `/users/${noah.userId}/presence`);
    expect(byId['presence']['aggregated']).toEqual({ status: 'active', timestamp: expect.any(Number) });
    expect(byId['presence']['website']).toEqual(byId['presence']['aggregated']);
    const byEmail = await priya.ok('GET', `/users/${encodeURIComponent(await apiEmail(noah.userId))}/presence`);
    expect(byEmail['presence']).toEqual(byId['presence']);

    const never = server.users.find((u) => u.role === 300)!;
    expectError(
      await priya.get(`/users/${never.userId}/presence`),
      'BAD_REQUEST',
      `No presence data for ${never.userId}`,
    );
    expectError(await priya.get('/users/999999/presence'), 'BAD_REQUEST', 'No such user');
    const reg = await owner.ok('POST', '/register', { fetch_event_types: ['realm_user'] });
    const bot = (reg['realm_users'] as Obj[]).find((u) => u['is_bot'] === true)!;
    expectError(
      await priya.get(`/users/${bot['user_id']}/presence`),
      'BAD_REQUEST',
      'Presence is not supported for bot users.',
    );
  });
});

describe('invisible users and organizations without presence', () => {
  it('does not record a user who turned presence_enabled off', async () => {
    const guest = await loginRole(server, 600);
    await guest.ok('PATCH', '/settings', { presence_enabled: false });
    await ping(guest);
    expectError(
      await owner.get(`/users/${guest.userId}/presence`),
      'BAD_REQUEST',
      `No presence data for ${guest.userId}`,
    );
  });

  it('shares nothing and announces nothing once the organization disables presence', async () => {
    await owner.ok('PATCH', '/realm', { presence_disabled: true });
    const queue = await openQueue(noah, { client_capabilities: { simplified_presence_events: true } });
    const admin = await loginRole(server, 200);
    const body = await ping(admin, { slim_presence: true });
    expect(body).toMatchObject({ presences: {}, presence_last_update_id: -1 });
    expect(await queue.drainTypes('presence')).toEqual([]);
    expect((await registerPresence(noah, { slim_presence: true }))['presences']).toEqual({});
  });
});

describe('the offline threshold', () => {
  let quick: RunningDevServer;
  afterAll(() => quick?.stop());

  it('says offline in GET /users/{id}/presence once the last report is older than the threshold', async () => {
    quick = await startDevServer({
      seed: 'demo',
      args: ['--presence-ping-seconds', '1', '--presence-offline-seconds', '2'],
    });
    const member = await loginRole(quick, 400);
    const viewer = await loginRole(quick, 100);
    await ping(member);
    expect((await viewer.ok('GET', `/users/${member.userId}/presence`))['presence']['aggregated']['status']).toBe(
      'active',
    );
    await sleep(3_100);
    const later = await viewer.ok('GET', `/users/${member.userId}/presence`);
    expect(later['presence']['aggregated']['status']).toBe('offline');
    expect(later['presence']['website']['status']).toBe('active');
  });
});

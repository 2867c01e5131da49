/**
 * Smaller dev server gaps: server_generation after a simulated restart, the demo owner's topic
 * visibility policies, the browser sign-in route, and enable_spectator_access in PATCH /realm.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { faults } from '../helpers/devserverFaults';
import { openQueue } from './queue_support';
import { Api, login, type Obj } from './support';

type Client = Awaited<ReturnType<typeof login>>;
let server: RunningDevServer;
let owner: Client;
let admin: Client;
let member: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo', faults: true, args: ['--web-public-streams'] });
  owner = await login(server, server.byRole(100));
  admin = await login(server, server.byRole(200));
  member = await login(server, server.byRole(400));
});
afterAll(() => server.stop());

const generationOf = async (api: Api): Promise<number> =>
  (await api.ok('POST', '/register', { fetch_event_types: ['realm'] }))['server_generation'] as number;

describe('POST /register after a restart through the fault interface', () => {
  it('reports the new server_generation, the one the restart event announced', async () => {
    const before = await generationOf(owner);
    expect(await generationOf(member)).toBe(before);
    const first = await faults(server).restart();
    expect(first.server_generation).toBeGreaterThan(before);
    expect(await generationOf(owner)).toBe(first.server_generation);
    // Each restart is a new generation, even within the same second.
    const second = await faults(server).restart();
    expect(second.server_generation).toBeGreaterThan(first.server_generation);
    expect(await generationOf(member)).toBe(second.server_generation);
  });
});

describe('the demo owner’s topic visibility policies', () => {
  it('include a muted topic, a followed topic and an unmuted topic in a muted channel', async () => {
    const state = await owner.ok('POST', '/register', { fetch_event_types: ['user_topic', 'subscription'] });
    const channelId = (name: string): number =>
      (state['subscriptions'] as Obj[]).find((s) => s['name'] === name)!['stream_id'] as number;
    const partners = (state['subscriptions'] as Obj[]).find((s) => s['name'] === 'partners')!;
    expect(partners['is_muted']).toBe(true);
    const policies = (state['user_topics'] as Obj[]).map((t) => [
      t['stream_id'],
      t['topic_name'],
      t['visibility_policy'],
    ]);
    expect(policies).toEqual(
      expect.arrayContaining([
        [channelId('engineering'), 'flaky tests', 1],
        [channelId('design'), 'typography', 3],
        [channelId('partners'), 'kickoff', 2],
      ]),
    );
    // Each topic has messages, and the narrows follow the policies.
    const narrowed = async (narrow: Obj[]): Promise<Obj[]> =>
      (await owner.ok('GET', '/messages', { anchor: 'newest', num_before: 5000, num_after: 0, narrow }))['messages'];
    const followed = await narrowed([{ operator: 'is', operand: 'followed' }]);
    expect(followed.length).toBeGreaterThan(0);
    expect(new Set(followed.map((m) => m['subject']))).toEqual(new Set(['typography']));
    const muted = await narrowed([{ operator: 'is', operand: 'muted' }]);
    const mutedTopics = new Set(muted.map((m) => `${m['display_recipient']}>${m['subject']}`));
    expect(mutedTopics).toContain('engineering>flaky tests');
    expect(mutedTopics).toContain('partners>integration');
    expect(mutedTopics).not.toContain('partners>kickoff');
    const kickoff = await narrowed([
      { operator: 'channel', operand: 'partners' },
      { operator: 'topic', operand: 'kickoff' },
    ]);
    expect(kickoff.length).toBeGreaterThan(0);
  });
});

/** Undoes Zulip's otp_encrypt_api_key: hex digits XOR-ed with the pad, then hex to ASCII. */
function otpDecrypt(encrypted: string, otp: string): string {
  let hex = '';
  for (let i = 0; i < encrypted.length; i++) {
    hex += (parseInt(encrypted.charAt(i), 16) ^ parseInt(otp.charAt(i), 16)).toString(16);
  }
  return Buffer.from(hex, 'hex').toString('latin1');
}

describe('GET/POST /accounts/login/ (browser sign-in)', () => {
  const loginUrl = (query = '') => new URL(`/accounts/login/${query}`, server.baseUrl);
  const submit = (fields: Record<string, string>) =>
    fetch(loginUrl(), { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

  it('redirects to zulip://login with the API key encrypted by the one-time pad', async () => {
    const otp = randomBytes(32).toString('hex');
    const form = await fetch(loginUrl(`?desktop_flow_otp=${otp}`));
    expect(form.status).toBe(200);
    expect(await form.text()).toContain(`name="desktop_flow_otp" value="${otp}"`);
    const user = server.byRole(400);
    const res = await submit({ desktop_flow_otp: otp, email: user.email, password: user.password });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.protocol).toBe('zulip:');
    expect(location.searchParams.get('realm')).toBe(server.baseUrl);
    expect(location.searchParams.get('email')).toBe(user.email);
    expect(Number(location.searchParams.get('user_id'))).toBe(member.userId);
    const key = otpDecrypt(location.searchParams.get('otp_encrypted_api_key') ?? '', otp);
    const direct = await new Api(server.baseUrl).ok('POST', '/fetch_api_key', {
      username: user.email,
      password: user.password,
    });
    expect(key).toBe(direct['api_key']);
  });

  it('refuses a malformed pad and a wrong password, redirecting nowhere', async () => {
    expect((await fetch(loginUrl('?mobile_flow_otp=abc'))).status).toBe(400);
    const user = server.byRole(400);
    const wrong = await submit({ mobile_flow_otp: 'a'.repeat(64), email: user.email, password: 'not it' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('location')).toBeNull();
    expect(await wrong.text()).toContain('Your username or password is incorrect.');
  });
});

describe('PATCH /realm enable_spectator_access', () => {
  it('is for administrators, announces a realm update and opens the organization to spectators', async () => {
    const spectator = new Api(server.baseUrl);
    const refused = await member.call('PATCH', '/realm', { enable_spectator_access: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });

    const watcher = await openQueue(member, { event_types: ['realm'] });
    await admin.ok('PATCH', '/realm', { enable_spectator_access: true });
    expect(await watcher.takeOf('realm', 'update')).toEqual([
      expect.objectContaining({ property: 'enable_spectator_access', value: true }),
    ]);
    const realm = await member.ok('POST', '/register', { fetch_event_types: ['realm'] });
    expect(realm['realm_enable_spectator_access']).toBe(true);

    // Web-public channels need spectator access; with one, spectators may register.
    await owner.ok('POST', '/channels/create', {
      name: 'public-news',
      subscribers: [owner.userId],
      is_web_public: true,
    });
    expect(await spectator.ok('POST', '/register', {})).toMatchObject({ queue_id: null });

    await owner.ok('PATCH', '/realm', { enable_spectator_access: false });
    expect((await watcher.takeOf('realm', 'update')).map((e) => e['value'])).toEqual([false]);
    expect((await spectator.post('/register', {})).status).toBe(401);
    // Setting the current value again changes nothing and announces nothing.
    await owner.ok('PATCH', '/realm', { enable_spectator_access: false });
    expect(await watcher.takeOf('realm')).toEqual([]);
  });
});

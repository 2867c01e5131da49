import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { allMessages, login, type Obj } from './support';

let first: RunningDevServer;
let second: RunningDevServer;

/** What a seed looks like from the owner's side of the API. */
async function snapshot(server: RunningDevServer) {
  const owner = await login(server, server.byRole(100));
  const reg = await owner.ok('POST', '/register', { include_subscribers: 'true' });
  const messages = await allMessages(owner);
  const channels = [...reg['subscriptions'], ...reg['never_subscribed']] as Obj[];
  return { reg, messages, channels, owner };
}

beforeAll(async () => {
  [first, second] = await Promise.all([startDevServer({ seed: 'demo' }), startDevServer({ seed: 'demo' })]);
});
afterAll(async () => {
  await Promise.all([first.stop(), second.stop()]);
});

describe('the demo seed', () => {
  it('is the same on every start: users, channels, message counts and contents', async () => {
    const [a, b] = await Promise.all([snapshot(first), snapshot(second)]);
    expect(second.users).toEqual(first.users);
    expect(b.channels.map((c) => [c['name'], c['description'], c['subscribers']])).toEqual(
      a.channels.map((c) => [c['name'], c['description'], c['subscribers']]),
    );
    expect(b.messages.map((m) => [m['id'], m['sender_id'], m['content'], m['flags'], m['reactions']])).toEqual(
      a.messages.map((m) => [m['id'], m['sender_id'], m['content'], m['flags'], m['reactions']]),
    );
    expect(b.reg['unread_msgs']['count']).toBe(a.reg['unread_msgs']['count']);
  });

  it('has every role, a bot, a deactivated account and one shared password', () => {
    expect(first.realmName).toBe('Parley Demo');
    for (const role of [100, 200, 300, 600]) expect(first.byRole(role).role).toBe(role);
    expect(first.users.filter((u) => u.role === 400).length).toBeGreaterThanOrEqual(4);
    expect(new Set(first.users.map((u) => u.password)).size).toBe(1);
  });

  it('has six or more channels with distinct descriptions, one private, and a guest with limited access', async () => {
    const { channels } = await snapshot(first);
    expect(channels.length).toBeGreaterThanOrEqual(6);
    expect(new Set(channels.map((c) => c['description'])).size).toBe(channels.length);
    const privateOnes = channels.filter((c) => c['invite_only']);
    expect(privateOnes.length).toBeGreaterThanOrEqual(1);
    const guest = await login(first, first.byRole(600));
    const guestReg = await guest.ok('POST', '/register', { fetch_event_types: ['subscription'] });
    expect(guestReg['subscriptions'].length).toBeGreaterThan(0);
    expect(guestReg['subscriptions'].length).toBeLessThan(channels.length);
    for (const channel of privateOnes) expect(channel['subscribers']).not.toContain(guest.userId);
  });

  it('has thousands of messages over weeks, with Markdown, mentions, reactions, edits, DMs and unreads', async () => {
    const { messages, owner } = await snapshot(first);
    expect(messages.length).toBeGreaterThan(2000);
    const days = (messages.at(-1)!['timestamp'] - messages[0]!['timestamp']) / 86_400;
    expect(days).toBeGreaterThan(14);
    const html = messages.map((m) => m['content'] as string);
    expect(html.some((h) => h.includes('class="codehilite"'))).toBe(true);
    expect(html.some((h) => h.includes('<a href="https://'))).toBe(true);
    expect(html.some((h) => h.includes('class="user-mention"'))).toBe(true);
    expect(messages.filter((m) => m['reactions'].length > 0).length).toBeGreaterThan(50);
    expect(messages.some((m) => 'edit_history' in m)).toBe(true);
    const direct = messages.filter((m) => m['type'] === 'private');
    expect(direct.some((m) => m['display_recipient'].length === 2)).toBe(true);
    expect(direct.some((m) => m['display_recipient'].length > 2)).toBe(true);
    const unread = messages.filter((m) => !m['flags'].includes('read'));
    expect(unread.length).toBeGreaterThan(10);
    expect(unread.some((m) => m['flags'].includes('mentioned'))).toBe(true);
    expect(owner.userId).toBe(first.byRole(100).userId);
  });
});

/** The seed's clock: "now" when the server first started, which the demo's realm was created 120 days before. */
const seedNow = (reg: Obj): number => (reg['realm_date_created'] as number) + 120 * 86_400;

/** The owner's view of presence: each user's seconds since last active and connected, at the seed's now. */
async function presenceAges(server: RunningDevServer) {
  const owner = await login(server, server.byRole(100));
  const reg = await owner.ok('POST', '/register', { fetch_event_types: ['presence', 'realm'], slim_presence: true });
  const now = seedNow(reg);
  const ages = new Map<number, { active: number; connected: number }>();
  for (const [id, p] of Object.entries(reg['presences'] as Record<string, Obj>))
    ages.set(Number(id), { active: now - p['active_timestamp'], connected: now - p['idle_timestamp'] });
  return { ages, offline: reg['server_presence_offline_threshold_seconds'] as number };
}

describe('presence and alert words in the demo', () => {
  it('has people active, idle and offline for days when the server starts, the same on every start', async () => {
    const [a, b] = await Promise.all([presenceAges(first), presenceAges(second)]);
    expect([...b.ages]).toEqual([...a.ages]);
    const { ages, offline } = a;
    const all = [...ages.values()];
    expect(all.filter((p) => p.active < offline).length).toBeGreaterThanOrEqual(2);
    // Idle: connected a moment ago, but not at the keyboard for a while.
    expect(all.some((p) => p.connected < offline && p.active >= offline)).toBe(true);
    expect(all.some((p) => p.connected > 2 * 86_400 && p.connected < 14 * 86_400)).toBe(true);
    for (const p of all) expect(p.active).toBeGreaterThanOrEqual(p.connected);
    // Most people have presence; the owner's comes from her own client, and bots have none.
    const people = first.users.filter((u) => u.role !== 100);
    expect(people.filter((u) => ages.has(u.userId)).length).toBeGreaterThan(people.length / 2);
    expect(ages.has(first.byRole(100).userId)).toBe(false);
    expect(ages.size).toBeLessThan(first.users.length);
  });

  it('gives the owner alert words, with a few matching messages flagged, some unread and one a DM', async () => {
    const { messages, owner } = await snapshot(first);
    const words = (await owner.ok('GET', '/users/me/alert_words'))['alert_words'] as string[];
    expect(words.length).toBeGreaterThanOrEqual(2);
    const flagged = messages.filter((m) => m['flags'].includes('has_alert_word'));
    expect(flagged.length).toBeGreaterThanOrEqual(3);
    expect(flagged.length).toBeLessThan(20);
    for (const m of flagged) {
      const text = (m['content'] as string).toLowerCase();
      expect(
        words.some((w) => text.includes(w.toLowerCase())),
        text,
      ).toBe(true);
    }
    const unread = flagged.filter((m) => !m['flags'].includes('read'));
    expect(unread.length).toBeGreaterThanOrEqual(2);
    expect(unread.some((m) => m['type'] === 'private')).toBe(true);
    const alerted = await allMessages(owner, { narrow: [{ operator: 'is', operand: 'alerted' }] });
    expect(alerted.map((m) => m['id'])).toEqual(flagged.map((m) => m['id']));
  });

  it("flags another user's history too: alert words are set before the message script runs", async () => {
    const admin = await login(first, first.byRole(200));
    const words = (await admin.ok('GET', '/users/me/alert_words'))['alert_words'] as string[];
    expect(words.length).toBeGreaterThan(0);
    const alerted = await allMessages(admin, { narrow: [{ operator: 'is', operand: 'alerted' }] });
    const days = (alerted.at(-1)!['timestamp'] - alerted[0]!['timestamp']) / 86_400;
    expect(days).toBeGreaterThan(7);
  });
});

describe('the large seed', () => {
  it('is the demo grown to a busy company: 100k more messages in 40 team channels, 400 more people, weeks of unreads', async () => {
    const server = await startDevServer({ seed: 'large' });
    try {
      expect(server.realmName).toBe('Parley Demo');
      const member = await login(server, server.byRole(400));
      const reg = await member.ok('POST', '/register', {
        fetch_event_types: ['subscription', 'realm_user', 'message', 'update_message_flags'],
      });
      const names = (reg['subscriptions'] as Obj[]).map((s) => s['name'] as string);
      expect(names.filter((n) => /^team-\d\d$/.test(n))).toHaveLength(40);
      expect(names).toContain('general');
      expect((reg['realm_users'] as Obj[]).length).toBeGreaterThan(400);
      expect(reg['max_message_id']).toBeGreaterThan(100_000);
      expect(reg['unread_msgs']['count']).toBeGreaterThan(5000);
      const team = await member.ok('GET', '/messages', {
        anchor: 'newest',
        num_before: 200,
        num_after: 0,
        narrow: JSON.stringify([{ operator: 'channel', operand: 'team-01' }]),
      });
      const topics = new Set((team['messages'] as Obj[]).map((m) => m['subject']));
      expect(topics.size).toBeGreaterThan(10);
      expect((team['messages'] as Obj[]).every((m) => (m['content'] as string).startsWith('<'))).toBe(true);
    } finally {
      await server.stop();
    }
  }, 90_000); // seeds 100k messages: 10-20 s alone, more on a busy machine
});

describe('the empty seed and bad flags', () => {
  it('empty: only the owner can sign in, and there are no messages', async () => {
    const server = await startDevServer({ seed: 'empty' });
    try {
      expect(server.users).toHaveLength(1);
      expect(server.users[0]!.role).toBe(100);
      const owner = await login(server, server.byRole(100));
      expect(await allMessages(owner)).toEqual([]);
      const reg = await owner.ok('POST', '/register', {});
      expect(reg['subscriptions']).toEqual([]);
      expect(reg['unread_msgs']['count']).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it('refuses unknown flag values with a readable message', async () => {
    await expect(startDevServer({ args: ['--seed', 'galaxy'] })).rejects.toThrow(
      /--seed must be one of demo, empty, large/,
    );
    await expect(startDevServer({ args: ['--queue-gc-seconds', '0'] })).rejects.toThrow(/positive number of seconds/);
  });
});

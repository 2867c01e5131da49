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
    await expect(startDevServer({ args: ['--seed', 'galaxy'] })).rejects.toThrow(/--seed must be demo or empty/);
    await expect(startDevServer({ args: ['--queue-gc-seconds', '0'] })).rejects.toThrow(/positive number of seconds/);
  });
});

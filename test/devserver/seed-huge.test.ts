/**
 * The `huge` seed at the size of the biggest Zulip communities (issue 28), written in process
 * into an in-memory database and counted with SQL as the owner sees it, and the dev server's
 * answers at that size: register's user list and partial subscriber lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevServer } from '../../devserver/server';
import type { Store } from '../../devserver/store/store';

const count = (store: Store, sql: string, ...args: unknown[]): number =>
  (store.db.prepare(sql).get(...args) as { n: number }).n;

let server: DevServer;
let store: Store;
let owner: number;

beforeAll(async () => {
  server = await DevServer.start({ seed: 'huge' });
  store = server.store;
  owner = store.users.byDeliveryEmail('olivia@parley.example')!.id;
}, 900_000);
afterAll(async () => {
  await server?.stop();
});

describe('the huge seed', () => {
  it('has the size issue 28 gives: 30,012 people, 409 channels (257 the owner’s), ~5,000 topics, ~333k messages, ~45k unread, 750 DMs', () => {
    expect(count(store, 'SELECT count(*) n FROM users')).toBe(30_012);
    expect(count(store, 'SELECT count(*) n FROM channels')).toBe(409);
    // 257 that register lists, and the demo's archived channel, which it leaves out.
    expect(count(store, 'SELECT count(*) n FROM subscriptions WHERE user_id = ? AND active = 1', owner)).toBe(258);
    expect(count(store, 'SELECT count(*) n FROM messages')).toBeGreaterThan(330_000);
    const topics = count(
      store,
      `SELECT count(*) n FROM (SELECT DISTINCT m.recipient_id, lower(m.topic) FROM messages m
         JOIN user_messages um ON um.message_id = m.id WHERE um.user_id = ? AND m.channel_id IS NOT NULL)`,
      owner,
    );
    expect(topics).toBeGreaterThan(4_950);
    expect(topics).toBeLessThan(5_100);
    const unread = count(store, 'SELECT count(*) n FROM user_messages WHERE user_id = ? AND (flags & 1) = 0', owner);
    expect(unread).toBeGreaterThan(43_000);
    expect(unread).toBeLessThan(47_000);
    const dms = count(
      store,
      `SELECT count(DISTINCT m.recipient_id) n FROM messages m JOIN user_messages um ON um.message_id = m.id
         WHERE um.user_id = ? AND m.channel_id IS NULL`,
      owner,
    );
    expect(dms).toBe(750);
  });

  it(
    'gives register every user, and partial subscriber lists for the channel everyone is in',
    { timeout: 180_000 },
    async () => {
      const key = await fetch(`${server.baseUrl}/api/v1/fetch_api_key`, {
        method: 'POST',
        body: new URLSearchParams({ username: 'olivia@parley.example', password: 'parley' }),
      }).then(async (r) => ((await r.json()) as { api_key: string }).api_key);
      const res = await fetch(`${server.baseUrl}/api/v1/register`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`olivia@parley.example:${key}`).toString('base64')}` },
        body: new URLSearchParams({
          include_subscribers: 'partial',
          fetch_event_types: JSON.stringify(['realm_user', 'subscription']),
        }),
      });
      const state = (await res.json()) as {
        realm_users: unknown[];
        subscriptions: { name: string; subscribers?: number[]; partial_subscribers?: number[] }[];
      };
      expect(state.realm_users.length).toBeGreaterThan(30_000);
      expect(state.subscriptions).toHaveLength(257);
      const everyone = state.subscriptions.find((s) => s.name === 'everyone')!;
      expect(everyone.subscribers).toBeUndefined();
      expect(everyone.partial_subscribers!.length).toBeLessThan(3_000);
      const team = state.subscriptions.find((s) => s.name === 'team-001')!;
      expect(team.subscribers).toHaveLength(6);
    },
  );
});

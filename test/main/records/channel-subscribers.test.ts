/**
 * Partial subscriber lists (include_subscribers "partial", FL 412) end to end: the real core
 * against the dev server, which here treats every channel of 3 people or more as big and lists
 * only bots in a partial list (so each big channel's list at sign-in is visibly partial). A
 * channel's first page of channels:subscribers fetches the whole list and keeps it; an answer an
 * event may have overtaken is asked for again; offline, the part the cache has is the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary, SubscriberPage, UserSummary } from '../../../common/model';
import { MemoryCredentialStore } from '../../../main/credentials';
import { apiForClient } from '../../../main/sync/sync-api';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { faults } from '../../helpers/devserverFaults';
import { startCore, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';
import { person, raw, type Person } from './support';

const BIG_FROM = ['--full-subscriber-lists-below', '3', '--partial-subscriber-days', '0'];

let dev: RunningDevServer;
let t: TestCore;
let member: AccountSummary;
let memberWeb: Person;
/** Each GET /streams/{id}/members the core made, by channel ID. */
const listRequests: number[] = [];
/** Runs (once) when the core's next list request for that channel has its answer, before the core sees it. */
const beforeAnswer = new Map<number, () => Promise<void>>();

const watching: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const match = /\/api\/v1\/streams\/(\d+)\/members$/.exec(url.pathname);
  const res = await fetch(input, init);
  if (!match) return res;
  const channelId = Number(match[1]);
  listRequests.push(channelId);
  const hook = beforeAnswer.get(channelId);
  beforeAnswer.delete(channelId);
  if (hook) await hook();
  return res;
};

beforeAll(async () => {
  dev = await startDevServer({ args: BIG_FROM, faults: true });
  t = await startCore(tempDir(), new MemoryCredentialStore(), { fetch: watching });
  const m = dev.byRole(400);
  member = await t.ok('account:signIn', { url: dev.baseUrl, email: m.email, password: m.password });
  await t.waitFor('account:status', (p) => p.accountId === member.id && p.status.state === 'live');
  memberWeb = await person(dev, m);
});
afterAll(async () => {
  await t?.core.close();
  await dev?.stop();
});

async function channelId(name: string): Promise<number> {
  return Number((await raw(memberWeb, 'GET', '/get_stream_id', { stream: name }))['stream_id']);
}
async function serverList(id: number): Promise<number[]> {
  return ((await raw(memberWeb, 'GET', `/streams/${id}/members`))['subscribers'] as number[]).sort((a, b) => a - b);
}
/** The people of `ids` in the order a subscriber list shows them: by name, then ID. */
function byName(ids: number[]): number[] {
  const names = new Map(dev.users.map((u) => [u.userId, u.fullName]));
  return [...ids].sort((a, b) => names.get(a)!.toLowerCase().localeCompare(names.get(b)!.toLowerCase()) || a - b);
}
async function allPages(id: number, limit = 3): Promise<{ people: UserSummary[]; first: SubscriberPage }> {
  const first = await t.ok('channels:subscribers', { accountId: member.id, channelId: id, limit });
  const people = [...first.items];
  for (let next = first.next; next !== null;) {
    const page = await t.ok('channels:subscribers', { accountId: member.id, channelId: id, limit, cursor: next });
    people.push(...page.items);
    next = page.next;
  }
  return { people, first };
}
const details = (id: number) => t.ok('channels:get', { accountId: member.id, channelId: id });
const requestsFor = (id: number) => listRequests.filter((c) => c === id).length;
/** Someone else (not a bot) outside this channel, to join it: a join of the user's own brings the whole list. */
async function outsider(id: number): Promise<Person> {
  const inside = new Set([...(await serverList(id)), memberWeb.userId]);
  const user = dev.users.find((u) => u.role <= 400 && !inside.has(u.userId));
  if (!user) throw new Error('every member is in that channel already');
  return person(dev, user);
}
async function join(p: Person, name: string): Promise<void> {
  await raw(p, 'POST', '/users/me/subscriptions', { subscriptions: [{ name }] });
}

describe('partial subscriber lists', () => {
  it('come partial at sign-in for big channels, and the server count stands for them', async () => {
    const id = await channelId('general');
    const whole = await serverList(id);
    expect(whole.length).toBeGreaterThanOrEqual(3);
    const c = await details(id);
    expect(c.subscriberIds).toBeNull();
    expect(c.subscriberCount).toBe(whole.length);
  });

  it("a channel's first page fetches the whole list once; it is kept, by name, and peer events keep it", async () => {
    const id = await channelId('partners');
    const whole = await serverList(id);
    const mark = t.events.length;
    const { people, first } = await allPages(id);
    expect(first).toMatchObject({ complete: true, count: whole.length });
    expect(people.map((p) => p.id)).toEqual(byName(whole));
    expect(requestsFor(id)).toBe(1);
    // The change names the channel, so an open list of another one stays as it is.
    const stored = await t.waitForAfter(mark, 'records:changed', (p) => p.areas.includes('subscribers'));
    expect(stored.subscriberChannels).toEqual([id]);
    expect((await details(id)).subscriberIds).toEqual(whole);

    // Kept: the next look asks the cache only.
    await allPages(id);
    expect(requestsFor(id)).toBe(1);

    // Someone joins: the kept list and its count follow the peer event.
    const newcomer = await outsider(id);
    const beforeJoin = t.events.length;
    await join(newcomer, 'partners');
    const peer = await t.waitForAfter(beforeJoin, 'records:changed', (p) => p.areas.includes('subscribers'));
    expect(peer.subscriberChannels).toEqual([id]);
    await expect.poll(async () => (await details(id)).subscriberIds, { timeout: 10_000 }).toContain(newcomer.userId);
    expect((await details(id)).subscriberCount).toBe(whole.length + 1);
  });

  it("a partial list's count follows peer events too", async () => {
    const id = await channelId('design');
    const before = (await details(id)).subscriberCount!;
    expect(before).toBe((await serverList(id)).length);
    await join(await outsider(id), 'design');
    await expect.poll(async () => (await details(id)).subscriberCount, { timeout: 10_000 }).toBe(before + 1);
    expect((await details(id)).subscriberIds).toBeNull();
  });

  it('an answer an event may have overtaken is asked for again', async () => {
    const id = await channelId('engineering');
    const before = (await details(id)).subscriberCount!;
    const newcomer = await outsider(id);
    // The server answered before the newcomer joined; the core applies their peer_add before it
    // reads that answer. Stored, the list would lack someone the event said is there.
    beforeAnswer.set(id, async () => {
      await join(newcomer, 'engineering');
      await expect.poll(async () => (await details(id)).subscriberCount, { timeout: 10_000 }).toBe(before + 1);
    });
    const { people, first } = await allPages(id);
    expect(requestsFor(id)).toBe(2);
    expect(first.complete).toBe(true);
    expect(people.map((p) => p.id)).toContain(newcomer.userId);
    expect((await details(id)).subscriberIds).toEqual(await serverList(id));
  });

  it('offline, the page is the part the cache has, said to be partial; online again, the whole list', async () => {
    const id = await channelId('random');
    const whole = await serverList(id);
    const f = faults(dev);
    await f.dropNext(1, { pathPrefix: `/api/v1/streams/${id}/members` });
    const offline = await t.ok('channels:subscribers', { accountId: member.id, channelId: id });
    expect(offline.complete).toBe(false);
    expect(offline.count).toBe(whole.length);
    expect(offline.items.length).toBeLessThan(whole.length);
    expect((await f.list()).filter((r) => r.fired > 0)).toHaveLength(0); // the one-shot fault was used up

    const online = await t.ok('channels:subscribers', { accountId: member.id, channelId: id, limit: 100 });
    expect(online.complete).toBe(true);
    expect(online.items.map((p) => p.id)).toEqual(byName(whole));
  });

  it('refuses a channel it does not know in words', async () => {
    const missing = await t.call('channels:subscribers', { accountId: member.id, channelId: 987_654 });
    expect(missing).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('servers before feature level 412', () => {
  let older: RunningDevServer;
  beforeAll(async () => {
    older = await startDevServer({ args: [...BIG_FROM, '--feature-level', '411'] });
  });
  afterAll(() => older?.stop());

  it('are asked for whole lists', async () => {
    const core = await startCore(tempDir(), new MemoryCredentialStore());
    try {
      const m = older.byRole(400);
      const a = await core.ok('account:signIn', { url: older.baseUrl, email: m.email, password: m.password });
      await core.waitFor('account:status', (p) => p.accountId === a.id && p.status.state === 'live');
      const web = await person(older, m);
      const id = Number((await raw(web, 'GET', '/get_stream_id', { stream: 'general' }))['stream_id']);
      const c = await core.ok('channels:get', { accountId: a.id, channelId: id });
      expect(c.subscriberIds).toEqual(
        ((await raw(web, 'GET', `/streams/${id}/members`))['subscribers'] as number[]).sort((x, y) => x - y),
      );
    } finally {
      await core.core.close();
    }
  });

  it('that were newer when last seen (downgraded) get a register that asks for whole lists again', async () => {
    const web = await person(older, older.byRole(400));
    const r = await apiForClient(web.client, () => 420).register(AbortSignal.timeout(10_000));
    expect(r.queue_id).toEqual(expect.any(String));
    const subs = r.subscriptions ?? [];
    expect(subs.length).toBeGreaterThan(0);
    expect(subs.every((s) => Array.isArray(s.subscribers))).toBe(true);
  });
});

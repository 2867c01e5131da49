/**
 * search:query through the core against the dev server: cached results merged with the server's
 * by ID, server results stored so they are found offline later, and the cache alone answering
 * (saying so) when the server fails.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSummary } from '../../../common/model';
import { startDevServer, type DevServerUser, type RunningDevServer } from '../../helpers/devserver';
import { faults, type FaultControl } from '../../helpers/devserverFaults';
import { startLiveCore, type TestCore } from '../core/harness';
import { serverMessages } from '../messages/http';
import { tempDir } from '../store/fixtures';
import { apiKeyOf, sendToChannel, subscriptionsOf, type Creds } from '../sync/http';

let server: RunningDevServer;
let fault: FaultControl;
let t: TestCore;
let account: AccountSummary;
let meUser: DevServerUser;
let me: Creds;
let other: Creds;
let otherUser: DevServerUser;
let channel: { stream_id: number; name: string };

beforeAll(async () => {
  server = await startDevServer({ faults: true });
  fault = faults(server);
  meUser = server.byRole(400);
  otherUser = server.users.find((u) => u.role === 400 && u.userId !== meUser.userId)!;
  me = await apiKeyOf(server.baseUrl, meUser.email, meUser.password);
  other = await apiKeyOf(server.baseUrl, otherUser.email, otherUser.password);
  const theirs = new Set((await subscriptionsOf(server.baseUrl, other)).map((s) => s.stream_id));
  channel = (await subscriptionsOf(server.baseUrl, me)).find((s) => theirs.has(s.stream_id))!;
  ({ t, account } = await startLiveCore(tempDir(), server.baseUrl, meUser));
});
afterEach(() => fault?.clear());
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

const search = (query: string, extra: { below?: number; limit?: number; phase?: 'cache' | 'merged' } = {}) =>
  t.ok('search:query', { accountId: account.id, query, ...extra });

/** Asks for both phases at once, as the renderer does, and notes the order their answers came in. */
function bothPhases(query: string) {
  const order: string[] = [];
  const ask = (phase: 'cache' | 'merged') =>
    search(query, { phase }).then((r) => {
      order.push(phase);
      return r;
    });
  return { order, cache: ask('cache'), merged: ask('merged') };
}

describe('search:query', () => {
  it('merges cached and server results by ID, newest first, with operators', async () => {
    const a = await sendToChannel(server.baseUrl, other, channel.stream_id, 'zoo', 'the zebracrossing is open');
    const b = await sendToChannel(
      server.baseUrl,
      me,
      channel.stream_id,
      'zoo',
      'zebracrossing closed at https://x.example',
    );
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === b));
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === a));

    const both = await search('zebracrossing');
    expect(both.serverConsulted).toBe(true);
    expect(both.messages.map((m) => m.id)).toEqual([b, a]);
    expect((await search(`zebracrossing sender:${otherUser.email}`)).messages.map((m) => m.id)).toEqual([a]);
    expect((await search(`zebracrossing from:"${meUser.fullName}"`)).messages.map((m) => m.id)).toEqual([b]);
    expect((await search(`channel:"${channel.name}" topic:zoo has:link`)).messages.map((m) => m.id)).toEqual([b]);
    expect((await search('zebracrossing', { limit: 1 })).messages.map((m) => m.id)).toEqual([b]);
    expect((await search('zebracrossing', { below: b })).messages.map((m) => m.id)).toEqual([a]);
  });

  it('stores what the server found, so the cache finds it when the server cannot answer', async () => {
    // An old message of the seed that this fresh cache has never fetched.
    const oldest = (
      await serverMessages(server.baseUrl, me, [{ operator: 'channel', operand: channel.stream_id }])
    )[0]!;
    const word = oldest.content
      .replace(/<[^>]*>/g, ' ')
      .split(/[^A-Za-z]+/)
      .filter((w) => w.length >= 6)
      .sort((x, y) => y.length - x.length)[0]!;
    expect(word).toBeTruthy();

    await fault.serverErrorNext(1, { pathPrefix: '/api/v1/messages', method: 'GET' });
    const before = await search(word);
    expect(before.serverConsulted).toBe(false);
    expect(before.serverError).toBeTruthy();
    expect(before.messages.map((m) => m.id)).not.toContain(oldest.id);

    const online = await search(word);
    expect(online.serverConsulted).toBe(true);
    expect(online.messages.map((m) => m.id)).toContain(oldest.id);

    await fault.serverErrorNext(1, { pathPrefix: '/api/v1/messages', method: 'GET' });
    const offline = await search(word);
    expect(offline.serverConsulted).toBe(false);
    expect(offline.messages.map((m) => m.id)).toContain(oldest.id);
  });

  it('answers starred messages from the cache and the server', async () => {
    const id = await sendToChannel(server.baseUrl, other, channel.stream_id, 'stars', 'worth a star');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === id));
    await t.ok('messages:star', { accountId: account.id, messageIds: [id], starred: true });
    await fault.serverErrorNext(1, { pathPrefix: '/api/v1/messages', method: 'GET' });
    const cached = await search('is:starred');
    expect(cached.messages[0]).toMatchObject({ id, starred: true });
    expect((await search('is:starred')).messages.every((m) => m.starred)).toBe(true);
  });

  it("answers from the cache while the server's search hangs, and the merged answer falls back to the cache", async () => {
    const id = await sendToChannel(server.baseUrl, other, channel.stream_id, 'phases', 'the wombatphase is here');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === id));
    const hang = await fault.hangNext(1, { pathPrefix: '/api/v1/messages', method: 'GET' });
    const asked = bothPhases('wombatphase');
    const cached = await asked.cache;
    expect(asked.order).toEqual(['cache']);
    expect(cached).toMatchObject({ phase: 'cache', serverConsulted: false });
    expect(cached.messages.map((m) => m.id)).toEqual([id]);
    // The server holds the merged phase's request (its one-time fault spent) until the fault is
    // cleared. Cleared sooner, the request would arrive after it and be answered.
    await vi.waitFor(async () => expect((await fault.list()).some((f) => f.id === hang.id)).toBe(false));
    expect(asked.order).toEqual(['cache']);
    await fault.clear();
    const merged = await asked.merged;
    expect(asked.order).toEqual(['cache', 'merged']);
    expect(merged).toMatchObject({ phase: 'merged', serverConsulted: false });
    expect(merged.messages.map((m) => m.id)).toEqual([id]);
  });

  it("gives the cache's answer before a slow server's, then the server's results merged in", async () => {
    // A word of an old message of the seed that this cache has not fetched: the server finds it.
    const history = await serverMessages(server.baseUrl, me, [{ operator: 'channel', operand: channel.stream_id }]);
    let oldest: (typeof history)[number] | undefined;
    let word = '';
    for (const m of history.slice(0, 40)) {
      word = m.content
        .replace(/<[^>]*>/g, ' ')
        .split(/[^A-Za-z]+/)
        .filter((w) => w.length >= 5)
        .sort((x, y) => y.length - x.length)[0]!;
      const cachedNow = await search(word, { phase: 'cache' });
      if (!cachedNow.messages.some((c) => c.id === m.id)) {
        oldest = m;
        break;
      }
    }
    expect(oldest).toBeDefined();
    const fresh = await sendToChannel(server.baseUrl, other, channel.stream_id, 'phases', `a ${word} today`);
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === fresh));
    await fault.latency(1500, { pathPrefix: '/api/v1/messages', method: 'GET', count: 1 });
    const asked = bothPhases(word);
    const [cached, merged] = await Promise.all([asked.cache, asked.merged]);
    expect(asked.order).toEqual(['cache', 'merged']);
    expect(cached.messages.map((m) => m.id)).toContain(fresh);
    expect(cached.messages.map((m) => m.id)).not.toContain(oldest!.id);
    const onServer = await serverMessages(server.baseUrl, me, [{ operator: 'search', operand: word }]);
    expect(merged).toMatchObject({ phase: 'merged', serverConsulted: true });
    const serverIds = onServer
      .map((m) => m.id)
      .sort((a, b) => b - a)
      .slice(0, 50);
    expect(merged.messages.map((m) => m.id)).toEqual(serverIds);
  });

  it('refuses a query it cannot read, naming the problem', async () => {
    const r = await t.call('search:query', { accountId: account.id, query: 'is:shouting' });
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    if (!r.ok) expect(r.error.message).toContain('is:shouting');
    expect(await t.call('search:query', { accountId: account.id, query: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
  });
});

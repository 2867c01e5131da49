/**
 * Checking cached ranges again after a lost queue is capped (#23 item 5): an account with many
 * cached ranges sends at most the budget's requests per minute, newest first, counted at the dev
 * server (a zero-latency fault rule counts every GET /messages). The budget's clock and sleep are
 * the test's, so "a minute later" is a step, not a wait.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RequestBudget } from '../../../main/accounts/request-budget';
import { filterKey, type NarrowFilter } from '../../../main/store/narrows';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { faults } from '../../helpers/devserverFaults';
import { Actor } from './actor';
import { CacheRig } from './cache-rig';

let server: RunningDevServer;
let me: Actor;

beforeAll(async () => {
  server = await startDevServer({ seed: 'empty', faults: true });
  const owner = server.users.find((u) => u.role === 100)!;
  me = await Actor.login(server.baseUrl, owner.email, owner.password);
});
afterAll(() => server?.stop());

it('after a gap, at most the budget of requests a minute, the newest ranges first', async () => {
  await me.call('POST', '/users/me/subscriptions', { subscriptions: [{ name: 'many ranges' }] });
  const subs = (await me.call('GET', '/users/me/subscriptions'))['subscriptions'] as {
    stream_id: number;
    name: string;
  }[];
  const channelId = subs.find((s) => s.name === 'many ranges')!.stream_id;
  const topics: NarrowFilter[] = [];
  for (let i = 0; i < 12; i++) {
    await me.sendToChannel(channelId, `topic ${i}`, `message ${i}`);
    topics.push({ kind: 'topic', channelId, topic: `topic ${i}` });
  }

  let clock = 0;
  let wake = (): void => {};
  let asleep!: () => void;
  let sleeping = new Promise<void>((r) => (asleep = r));
  const sleep = () =>
    new Promise<void>((r) => {
      wake = r;
      asleep();
    });
  const rig = new CacheRig(
    server.baseUrl,
    { email: me.email, apiKey: me.apiKey, userId: me.userId },
    undefined,
    new RequestBudget(4, () => clock, sleep),
  );
  try {
    await rig.reconnect();
    for (const t of topics) await rig.pager.page(t, 'newest', 10, 0);
    const ranges = (rig.store.db.prepare('SELECT count(*) FROM message_ranges').pluck().get() as number) ?? 0;
    expect(ranges).toBeGreaterThanOrEqual(12);

    rig.loseQueue();
    const rule = await faults(server).latency(0, { pathPrefix: '/api/v1/messages', method: 'GET' });
    const requests = async () => (await faults(server).list()).find((r) => r.id === rule.id)!.fired;
    await rig.reconnect();
    await sleeping;
    expect(await requests()).toBe(4);
    // The newest four topics were checked; the older ones wait for the next minute.
    const unverified = new Set(rig.store.unverified.newestFirst(100).map((r) => r.key));
    expect(topics.map((t) => unverified.has(filterKey(t)))).toEqual([...Array(8).fill(true), ...Array(4).fill(false)]);

    sleeping = new Promise<void>((r) => (asleep = r));
    clock += 60_000;
    wake();
    await sleeping;
    expect(await requests()).toBe(8);
  } finally {
    rig.close();
    wake();
  }
});

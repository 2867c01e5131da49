/**
 * Presence and alert words through the real core (IPC dispatch, account, sync loop, heartbeat)
 * against the dev server, with plain HTTP as another user: the sidebar's presence list, the
 * activity signal, the alert-words calls, and the notification an alert word raises.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Events } from '../../../common/ipc/contract';
import type { AccountSummary, PresenceView } from '../../../common/model';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startLiveCore, type TestCore } from '../core/harness';
import { person, raw, type Person } from '../records/support';
import { tempDir } from '../store/fixtures';

let dev: RunningDevServer;
let t: TestCore;
let owner: AccountSummary;
let member: Person;

beforeAll(async () => {
  // A one-second ping keeps the heartbeat (and the server's write throttle) quick.
  dev = await startDevServer({ args: ['--presence-ping-seconds', '1', '--presence-offline-seconds', '13'] });
  const o = dev.byRole(100);
  ({ t, account: owner } = await startLiveCore(tempDir(), dev.baseUrl, o));
  member = await person(dev, dev.byRole(400));
});
afterAll(async () => {
  await t?.core.close();
  await dev?.stop();
});

/** Retries the assertion until it holds (the heartbeat and the event queue take a moment). */
const soon = (assertion: () => Promise<void>) => vi.waitFor(assertion, { timeout: 10_000, interval: 50 });

const presenceOf = async (userId: number): Promise<PresenceView | undefined> =>
  (await t.ok('presence:list', { accountId: owner.id })).find((p) => p.userId === userId);

describe('presence', () => {
  it('reports the user idle until the app says they are at it, then active', async () => {
    await soon(async () => expect((await presenceOf(owner.userId))?.status).toBe('idle'));
    await t.ok('presence:activity', { active: true, input: true });
    await soon(async () => expect((await presenceOf(owner.userId))?.status).toBe('active'));
    const seen = await raw(member, 'GET', `/users/${owner.userId}/presence`);
    expect((seen['presence'] as { aggregated: { status: string } }).aggregated.status).toBe('active');
  });

  it('shows another user coming online, and tells the renderer that person, not the whole list', async () => {
    const before = t.events.length;
    await raw(member, 'POST', '/users/me/presence', { status: 'active' });
    await soon(async () => expect((await presenceOf(member.userId))?.status).toBe('active'));
    expect((await presenceOf(member.userId))?.lastSeen).toBeGreaterThan(0);
    const since = () => t.events.slice(before);
    const told = since().find(
      (e) =>
        e.name === 'presence:changed' &&
        (e.payload as Events['presence:changed']).changes.some((c) => c.userId === member.userId),
    )?.payload as Events['presence:changed'] | undefined;
    expect(told?.accountId).toBe(owner.id);
    // The demo's few other people may age out in the same judgement; the 30,000 never move.
    expect(told?.changes).toContainEqual({ userId: member.userId, status: 'active' });
    expect(told?.changes.length).toBeLessThan(5);
    const reloads = since().filter(
      (e) => e.name === 'records:changed' && (e.payload as Events['records:changed']).areas.includes('presence'),
    );
    expect(reloads).toEqual([]);
  });

  it('refuses a malformed activity report', async () => {
    const r = await t.call('presence:activity', { active: 'yes' } as never);
    expect(r.ok ? null : r.error.code).toBe('INVALID_ARGUMENT');
  });
});

describe('alert words', () => {
  /** The demo owner's own words, from the seed. */
  let seeded: string[] = [];

  it('adds and removes words through the server, the list following its events', async () => {
    const list = () => t.ok('alertWords:list', { accountId: owner.id });
    seeded = await list();
    await t.ok('alertWords:add', { accountId: owner.id, words: ['  zeppelin ', 'code red'] });
    await soon(async () => expect(await list()).toEqual([...seeded, 'zeppelin', 'code red']));
    await t.ok('alertWords:remove', { accountId: owner.id, words: ['CODE RED'] });
    await soon(async () => expect(await list()).toEqual([...seeded, 'zeppelin']));
    expect((await raw(member, 'GET', '/users/me/alert_words'))['alert_words']).toEqual([]);
  });

  it('refuses blank and over-long words before asking the server', async () => {
    for (const words of [['   '], ['x'.repeat(101)], []]) {
      const r = await t.call('alertWords:add', { accountId: owner.id, words });
      expect(r.ok ? null : r.error.code).toBe('INVALID_ARGUMENT');
    }
    expect(await t.ok('alertWords:list', { accountId: owner.id })).toEqual([...seeded, 'zeppelin']);
  });

  it('notifies about a message with an alert word, and not about the same message without it', async () => {
    const topic = `alerts ${Date.now().toString(36)}`;
    await raw(member, 'POST', '/messages', { type: 'channel', to: 'general', topic, content: 'a quiet afternoon' });
    await raw(member, 'POST', '/messages', { type: 'channel', to: 'general', topic, content: 'a Zeppelin overhead!' });
    const shown = await t.waitFor('notify:show', (p) => p.accountId === owner.id && p.body.includes('Zeppelin'));
    expect(shown.narrow).toEqual({ kind: 'topic', channelId: expect.any(Number), topic });
    const quiet = t.events.filter((e) => e.name === 'notify:show' && JSON.stringify(e.payload).includes('quiet'));
    expect(quiet).toEqual([]);
  });
});

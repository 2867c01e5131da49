/**
 * The presence heartbeat against the dev server (timers driven by hand, the server's ping
 * interval shortened so its write throttle does not hide our reports): what each report sends,
 * what lands in the cache, coming back to the app, and failures.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../main/api';
import { reportPresence, type PresenceReport } from '../../../main/api/routes/presence';
import { createLogger } from '../../../main/log';
import { ActivityMonitor } from '../../../main/presence/activity';
import { PresenceHeartbeat } from '../../../main/presence/heartbeat';
import { AccountStore } from '../../../main/store/account-store';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { ManualTimers } from '../records/manual-timers';
import { person, raw, type Person } from '../records/support';
import { tempDir } from '../store/fixtures';

let dev: RunningDevServer;
let owner: Person;
let member: Person;

beforeAll(async () => {
  dev = await startDevServer({ args: ['--presence-ping-seconds', '1', '--presence-offline-seconds', '13'] });
  owner = await person(dev, dev.byRole(100));
  member = await person(dev, dev.byRole(400));
});
afterAll(() => dev?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Rig {
  store: AccountStore;
  timers: ManualTimers;
  clock: { now: number };
  activity: ActivityMonitor;
  reports: PresenceReport[];
  changed: ReturnType<typeof vi.fn>;
  heartbeat: PresenceHeartbeat;
}

function rig(client: ApiClient): Rig {
  const store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  const timers = new ManualTimers();
  const clock = { now: Date.now() };
  const activity = new ActivityMonitor(() => clock.now);
  const reports: PresenceReport[] = [];
  const changed = vi.fn();
  const heartbeat = new PresenceHeartbeat({
    report: (r) => {
      reports.push(r);
      return reportPresence(client, r);
    },
    store,
    activity,
    log: createLogger({ name: 'test', sink: () => {} }),
    now: () => clock.now,
    onChanged: changed,
    timers,
  });
  return { store, timers, clock, activity, reports, changed, heartbeat };
}

describe('PresenceHeartbeat', () => {
  let r: Rig;
  beforeEach(() => {
    r = rig(owner.client);
    return () => {
      r.heartbeat.stop();
      r.store.close();
    };
  });

  it('reports idle at once, stores everyone, and beats again after the ping interval', async () => {
    await raw(member, 'POST', '/users/me/presence', { status: 'active', ping_only: true });
    r.store.realm.set('server_presence_ping_interval_seconds', 30);
    r.heartbeat.start();
    await r.heartbeat.beat();
    expect(r.reports).toEqual([{ status: 'idle', lastUpdateId: -1, newUserInput: false, historyLimitDays: 14 }]);
    const repo = r.store.presence;
    const ids = repo.all().map((p) => p.userId);
    expect(ids).toEqual(expect.arrayContaining([owner.userId, member.userId]));
    const first = repo.clock()!;
    expect(first.lastUpdateId).toBeGreaterThan(0);
    expect(r.changed).toHaveBeenCalledTimes(1);
    expect(r.timers.pending).toBe(1);

    r.timers.advance(29_999);
    expect(r.reports).toHaveLength(1);
    r.timers.advance(1);
    await r.heartbeat.beat();
    expect(r.reports[1]).toEqual({ status: 'idle', lastUpdateId: first.lastUpdateId, newUserInput: false });
    expect(r.changed).toHaveBeenCalledTimes(2);
  });

  it('reports active at once when the user comes back, with the input, and the server shows it', async () => {
    r.heartbeat.start();
    await r.heartbeat.beat();
    await sleep(1_100);
    r.clock.now += 1_000;
    r.activity.report({ active: true, input: true });
    // Sent at once, not at the next beat; beat() below only joins it.
    expect(r.reports.map((x) => x.status)).toEqual(['idle', 'active']);
    await r.heartbeat.beat();
    expect(r.reports).toHaveLength(2);
    expect(r.reports[1]!.newUserInput).toBe(true);
    const seen = await raw(member, 'GET', `/users/${owner.userId}/presence`);
    expect((seen['presence'] as { aggregated: { status: string } }).aggregated.status).toBe('active');
    // Still active: renewing the report is no news, so nothing is sent before the next beat.
    r.activity.report({ active: true });
    expect(r.reports).toHaveLength(2);
  });

  it('follows an idle report still on its way with an active one when the user comes back', async () => {
    r.heartbeat.start();
    r.activity.report({ active: true });
    expect(r.reports.map((x) => x.status)).toEqual(['idle']);
    await r.heartbeat.beat();
    // The active report went out on its own as soon as the idle one was answered.
    expect(r.reports.map((x) => x.status)).toEqual(['idle', 'active']);
    await r.heartbeat.beat();
    expect(r.reports).toHaveLength(2);
    expect(r.timers.pending).toBe(1);
  });

  it('merges what changed since the last update ID into the cache', async () => {
    r.heartbeat.start();
    await r.heartbeat.beat();
    const before = r.store.presence.get(member.userId);
    await sleep(1_100);
    await raw(member, 'POST', '/users/me/presence', { status: 'active', ping_only: true });
    r.timers.advance(60_000);
    await r.heartbeat.beat();
    const after = r.store.presence.get(member.userId)!;
    expect(after.activeTimestamp).toBeGreaterThan(before?.activeTimestamp ?? 0);
    expect(r.store.presence.all().length).toBeGreaterThan(1);
  });

  it('goes idle when the active report lapses', async () => {
    r.activity.report({ active: true });
    r.heartbeat.start();
    await r.heartbeat.beat();
    r.clock.now += 7 * 60_000;
    r.timers.advance(60_000);
    await r.heartbeat.beat();
    expect(r.reports.map((x) => x.status)).toEqual(['active', 'idle']);
  });

  it('keeps beating after a network failure, and stops for good when the key is refused', async () => {
    const offline = rig(new ApiClient({ realmUrl: 'http://127.0.0.1:9', auth: { email: owner.email, apiKey: 'k' } }));
    offline.heartbeat.start();
    await offline.heartbeat.beat();
    expect(offline.timers.pending).toBe(1);
    expect(offline.changed).toHaveBeenCalledTimes(1);
    offline.heartbeat.stop();
    offline.store.close();

    const refused = rig(new ApiClient({ realmUrl: dev.baseUrl, auth: { email: owner.email, apiKey: 'wrong' } }));
    refused.heartbeat.start();
    await refused.heartbeat.beat();
    expect(refused.timers.pending).toBe(0);
    refused.activity.report({ active: true });
    await refused.heartbeat.beat();
    expect(refused.reports).toHaveLength(1);
    refused.store.close();
  });

  it('says nothing of a report that failed after it was stopped (its account closed meanwhile)', async () => {
    const offline = rig(new ApiClient({ realmUrl: 'http://127.0.0.1:9', auth: { email: owner.email, apiKey: 'k' } }));
    offline.heartbeat.start();
    const inFlight = offline.heartbeat.beat();
    offline.heartbeat.stop();
    offline.store.close();
    await inFlight;
    expect(offline.changed).not.toHaveBeenCalled();
  });
});

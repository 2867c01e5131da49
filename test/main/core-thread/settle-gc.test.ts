/**
 * The collection once a sync has settled (main/core-thread/settle-gc.ts): when it runs, on a
 * manual clock; that it is V8's real full collection; and that the main thread's side of a real
 * core thread runs it once the account has gone live, not before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import type { AccountStatus } from '../../../common/model';
import {
  fullCollection,
  SETTLE_LATEST_MS,
  SETTLE_QUIET_MS,
  SettledCollector,
  type SettleClock,
} from '../../../main/core-thread/settle-gc';
import { startDevServer } from '../../helpers/devserver';
import { ManualTimers } from '../records/manual-timers';
import { startThreadedCore, throwAwayService } from './support';

function setup() {
  const clock = new ManualTimers();
  const settleClock: SettleClock = {
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle),
    now: () => clock.now,
  };
  let collections = 0;
  const collector = new SettledCollector(() => collections++, settleClock);
  const status = (accountId: string, state: AccountStatus['state']) =>
    collector.noteEvent('account:status', { accountId, status: { state } as AccountStatus });
  return { clock, collector, status, collections: () => collections };
}

describe('the collection after a sync settles', () => {
  it('runs once, a quiet moment after an account goes live', () => {
    const { clock, status, collections } = setup();
    status('a', 'connecting');
    clock.advance(60_000);
    expect(collections()).toBe(0);
    status('a', 'live');
    clock.advance(SETTLE_QUIET_MS - 1);
    expect(collections()).toBe(0);
    clock.advance(1);
    expect(collections()).toBe(1);
    // Live again without having left it (a status repeated): nothing new to give back.
    status('a', 'live');
    clock.advance(60_000);
    expect(collections()).toBe(1);
  });

  it('waits for the calls to pause, but not past its latest', () => {
    const { clock, collector, status, collections } = setup();
    status('a', 'live');
    for (let t = 0; t < 4000; t += 500) {
      clock.advance(500);
      collector.noteCall();
    }
    expect(collections()).toBe(0);
    clock.advance(SETTLE_QUIET_MS);
    expect(collections()).toBe(1);

    // A user clicking along without pause: collected all the same, at the latest.
    status('a', 'connecting');
    status('a', 'live');
    const wanted = clock.now;
    while (collections() === 1) {
      clock.advance(250);
      collector.noteCall();
    }
    expect(clock.now - wanted).toBe(SETTLE_LATEST_MS);
  });

  it('follows every return to live (a catch-up after sleep), and stops when told', () => {
    const { clock, collector, status, collections } = setup();
    status('a', 'live');
    status('b', 'live');
    clock.advance(SETTLE_QUIET_MS);
    expect(collections()).toBe(1);
    status('a', 'offline');
    status('a', 'live');
    clock.advance(SETTLE_QUIET_MS);
    expect(collections()).toBe(2);
    status('b', 'connecting');
    status('b', 'live');
    collector.stop();
    clock.advance(60_000);
    expect(collections()).toBe(2);
  });

  it('is V8’s full collection, and gives back what nothing holds', () => {
    const forced: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const detail = (e as unknown as { detail: { kind: number; flags: number } }).detail;
        if (detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) forced.push(detail.kind);
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    let garbage: { i: number; s: string }[] | null = Array.from({ length: 300_000 }, (_, i) => ({ i, s: `row ${i}` }));
    const held = getHeapStatistics().used_heap_size;
    expect(garbage.length).toBe(300_000);
    garbage = null;
    fullCollection();
    const after = getHeapStatistics().used_heap_size;
    expect(held - after).toBeGreaterThan(10 * 2 ** 20);
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        observer.disconnect();
        expect(forced).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
        resolve();
      }, 50),
    );
  });
});

describe('a real core thread’s main side', () => {
  const keys = throwAwayService();
  const work = mkdtempSync(join(tmpdir(), 'parley-settle-gc-'));
  afterAll(async () => {
    await keys.removeKeys();
    rmSync(work, { recursive: true, force: true });
  });

  it('collects once the first sync has settled, and not before', async () => {
    const server = await startDevServer({ seed: 'demo' });
    const t = await startThreadedCore({ dataDir: join(work, 'data'), keychainService: keys.service });
    const forced: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const detail = (e as unknown as { detail: { kind: number; flags: number } }).detail;
        if (detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) forced.push(performance.now());
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      const owner = server.byRole(100);
      const { id } = await t.ok('account:signIn', {
        url: server.baseUrl,
        email: owner.email,
        password: owner.password,
      });
      await t.waitFor('account:status', (p) => p.accountId === id && p.status.state === 'live');
      const liveAt = performance.now();
      expect(forced).toEqual([]);
      const deadline = liveAt + SETTLE_QUIET_MS + 15_000;
      while (forced.length === 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(forced.length).toBe(1);
      expect(forced[0]! - liveAt).toBeGreaterThanOrEqual(SETTLE_QUIET_MS - 50);
    } finally {
      observer.disconnect();
      await t.core.close();
      await server.stop();
    }
  });
});

/**
 * Pages answered before they are stored wait for the reader to pause (issue 28: in a catch-up of
 * thousands of messages the stores took the CPU from the next page's request). Real versions of a
 * real cache; each store records when it ran.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PendingStores, type StoreTiming } from '../../../main/accounts/pending-stores';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import type { NarrowFilter } from '../../../main/store/narrows';
import type { CachedMessage } from '../../../main/store/repos/message-rows';
import { tempDir } from '../store/fixtures';

const topic: NarrowFilter = { kind: 'topic', channelId: 1, topic: 'history' };
const TIMING: StoreTiming = { quietMs: 60, maxWaitMs: 400, maxWaitingMessages: 3_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function messages(lo: number, count: number): CachedMessage[] {
  return Array.from({ length: count }, (_, i) => ({ id: lo + i }) as CachedMessage);
}

interface Run {
  name: string;
  began: number;
  ended: number;
}

let store: AccountStore | null = null;
afterEach(() => {
  store?.close();
  store = null;
});

function setUp(timing = TIMING) {
  store = AccountStore.open(join(tempDir(), 'pending.sqlite'));
  const warnings: string[] = [];
  const log = createLogger({ name: 'pending-stores-test', sink: (line) => warnings.push(line) });
  const pending = new PendingStores(store.versions, log, () => undefined, timing);
  const runs: Run[] = [];
  const versions = store.versions;
  /** Answers a page of `count` messages from `lo`: its store takes `ms` and records itself. */
  const answer = (name: string, lo: number, count: number, ms = 5, fail = false) => {
    const start = versions.begin();
    pending.add(topic, messages(lo, count), start, async () => {
      const run = { name, began: performance.now(), ended: 0 };
      runs.push(run);
      await sleep(ms);
      run.ended = performance.now();
      if (fail) throw new Error('disk full');
      return { doubtful: 0 };
    });
    return start;
  };
  return { pending, runs, answer, warnings, versions };
}

describe('pages answered before they are stored', () => {
  it('are not stored while the reader pages on, and are once the reader pauses', async () => {
    const { pending, runs, answer } = setUp();
    const t0 = performance.now();
    answer('first', 5_000, 1_000);
    // The reader asks for a page every 20 ms for 200 ms (under the 400 ms cap).
    for (let i = 0; i < 10; i++) {
      await sleep(20);
      pending.activity();
    }
    expect(runs).toEqual([]);
    const lastActivity = performance.now();
    await pending.settled();
    expect(runs.map((r) => r.name)).toEqual(['first']);
    expect(runs[0]!.began - t0).toBeGreaterThanOrEqual(200);
    expect(runs[0]!.began).toBeGreaterThanOrEqual(lastActivity - 1);
  });

  it('start on their own after the quiet time, one after another in the order answered', async () => {
    const { runs, answer, versions } = setUp();
    const firstStart = answer('first', 5_000, 500, 15);
    answer('second', 4_000, 500, 15);
    const t0 = performance.now();
    for (let i = 0; i < 200 && runs.filter((r) => r.ended > 0).length < 2; i++) await sleep(10);
    expect(runs.map((r) => r.name)).toEqual(['first', 'second']);
    expect(runs[0]!.began - t0).toBeGreaterThanOrEqual(TIMING.quietMs - 5);
    expect(runs[1]!.began).toBeGreaterThanOrEqual(runs[0]!.ended);
    // Each store ended its reader's version: nothing is kept for changes since then.
    versions.touch([5_000], 'starred');
    expect(versions.changedSince(5_000, firstStart)).toEqual([]);
  });

  it('do not wait once as many messages as the cap are waiting, however busy the reader', async () => {
    const { pending, runs, answer } = setUp();
    answer('first', 5_000, 1_000);
    answer('second', 4_000, 1_000);
    await sleep(20);
    pending.activity();
    expect(runs).toEqual([]);
    answer('third', 3_000, 1_000);
    await sleep(20);
    expect(runs.map((r) => r.name)).toContain('first');
    await pending.settled();
  });

  it('do not wait longer than the longest wait for a reader who never pauses', async () => {
    const { pending, runs, answer } = setUp();
    const t0 = performance.now();
    answer('first', 5_000, 100);
    while (runs.length === 0 && performance.now() - t0 < 2_000) {
      pending.activity();
      await sleep(10);
    }
    const waited = runs[0]!.began - t0;
    expect(waited).toBeGreaterThanOrEqual(TIMING.maxWaitMs - 5);
    expect(waited).toBeLessThan(TIMING.maxWaitMs + 1_000);
  });

  it('are stored at once for a window they could answer, not for the next page on', async () => {
    const { pending, runs, answer } = setUp();
    answer('first', 5_000, 1_000);
    // The next older page (anchored at the stored page's oldest message) does not wait.
    await pending.before(topic, 5_000, 1_000, 0);
    expect(runs).toEqual([]);
    // A window inside the stored span waits for it, and sets it going now.
    const t0 = performance.now();
    await pending.before(topic, 5_500, 20, 20);
    expect(runs.map((r) => r.name)).toEqual(['first']);
    expect(runs[0]!.ended).toBeGreaterThan(0);
    expect(runs[0]!.began - t0).toBeLessThan(TIMING.quietMs);
  });

  it('log a failed store and go on with the others', async () => {
    const { pending, runs, answer, warnings } = setUp();
    answer('broken', 5_000, 100, 1, true);
    answer('fine', 4_000, 100);
    await pending.settled();
    expect(runs.map((r) => r.name)).toEqual(['broken', 'fine']);
    expect(runs[1]!.ended).toBeGreaterThan(0);
    expect(warnings.join('\n')).toMatch(/could not be stored/);
  });
});

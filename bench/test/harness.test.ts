/** The sampler, statistics and thresholds: what every benchmark number passes through. */
import { describe, expect, it } from 'vitest';
import { runCase } from '../lib/sampler';
import { quantile, ratio, summarize } from '../lib/stats';
import { metricViolations, violations, type Thresholds } from '../lib/thresholds';
import type { BenchCase } from '../lib/types';

describe('stats', () => {
  it('interpolates quantiles and summarizes', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10], 0.95)).toBe(10);
    const s = summarize([5, 1, 4, 2, 3]);
    expect(s).toMatchObject({ n: 5, medianMs: 3, minMs: 1, maxMs: 5, meanMs: 3 });
    expect(s.p95Ms).toBeCloseTo(4.8);
    expect(ratio(3, 1.5)).toBe(2);
    expect(ratio(1, 0)).toBe(Infinity);
    expect(() => quantile([], 0.5)).toThrow(/no values/);
  });
});

/** Spins for at least this long, so a lower bound on the recorded time is certain (no upper bound is assumed). */
const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('runCase', () => {
  it('interleaves the sides, prepares every round and records only the rounds after warm-up', async () => {
    const calls: string[] = [];
    const c: BenchCase = {
      name: 'order',
      warmup: 1,
      rounds: 3,
      prepare: (round) => calls.push(`prepare ${round}`),
      baseline: { label: 'b', run: (round) => calls.push(`b${round}`) },
      measured: { label: 'm', run: async (round) => void calls.push(`m${round}`) },
    };
    const result = await runCase(c);
    expect(calls).toEqual([
      'prepare 0',
      'b0',
      'm0',
      'prepare 1',
      'm1',
      'b1',
      'prepare 2',
      'b2',
      'm2',
      'prepare 3',
      'm3',
      'b3',
    ]);
    expect(result.baseline.n).toBe(3);
    expect(result.measured.n).toBe(3);
  });

  it('settles before each side, untimed', async () => {
    const calls: string[] = [];
    const result = await runCase({
      name: 'settle',
      warmup: 0,
      rounds: 2,
      prepare: (round) => calls.push(`prepare ${round}`),
      settle: (round) => {
        calls.push(`settle ${round}`);
        busy(20);
      },
      baseline: { label: 'b', run: (round) => calls.push(`b${round}`) },
      measured: { label: 'm', run: (round) => calls.push(`m${round}`) },
    });
    expect(calls).toEqual([
      'prepare 0',
      'settle 0',
      'b0',
      'settle 0',
      'm0',
      'prepare 1',
      'settle 1',
      'm1',
      'settle 1',
      'b1',
    ]);
    // The 20 ms of settling is in neither side's time.
    expect(result.baseline.maxMs).toBeLessThan(20);
    expect(result.measured.maxMs).toBeLessThan(20);
  });

  it('reports the ratio of medians and flags a blown budget', async () => {
    const result = await runCase({
      name: 'slow',
      warmup: 0,
      rounds: 5,
      baseline: { label: 'fast', run: () => {} },
      measured: { label: 'slow', run: () => busy(3) },
      budgetMs: 2,
    });
    expect(result.ratio).toBe(result.measured.medianMs / result.baseline.medianMs);
    expect(result.measured.minMs).toBeGreaterThanOrEqual(3);
    expect(result.overBudget).toBe(true);
    expect(result.budgetMs).toBe(2);
    expect(result.measuredLabel).toBe('slow');
  });

  it('with measureBlocking, records the longest stretch a call held the event loop, not its whole time', async () => {
    const result = await runCase({
      name: 'sliced',
      warmup: 0,
      rounds: 5,
      baseline: { label: 'one piece', run: () => busy(6) },
      measured: {
        label: 'three pieces',
        run: async () => {
          for (let i = 0; i < 3; i++) {
            busy(2);
            await new Promise((resolve) => setImmediate(resolve));
          }
        },
      },
      budgetMs: 5,
      measureBlocking: true,
    });
    expect(result.measured.minMs).toBeGreaterThanOrEqual(6);
    // Time spent waiting for a CPU is not counted (bench/lib/loop-watch.ts), so a loaded machine may shave some off.
    expect(result.blocking?.minMs).toBeGreaterThan(0.5);
    // The median, not the worst round: on a loaded machine one round may stall (a page fault, a
    // stop the run queue does not show) for longer than the whole call takes unloaded.
    expect(result.blocking!.medianMs).toBeLessThan(result.measured.medianMs);
    expect(result.overBudget).toBe(result.blocking!.maxMs > 5);
  });

  it('takes a selfTimed side at its word, compares its result, and refuses an answer without a time', async () => {
    const result = await runCase({
      name: 'self-timed',
      warmup: 0,
      rounds: 3,
      baseline: { label: 'b', run: () => 'same' },
      measured: { label: 'm', selfTimed: true, run: (round) => ({ ms: 100 + round, result: 'same' }) },
      compare: (b, m) => (b === m ? null : `${String(b)} vs ${String(m)}`),
    });
    expect(result.measured).toMatchObject({ medianMs: 101, minMs: 100, maxMs: 102 });
    await expect(
      runCase({
        name: 'no-time',
        warmup: 0,
        rounds: 1,
        baseline: { label: 'b', run: () => 1 },
        measured: { label: 'm', selfTimed: true, run: () => 1 },
      }),
    ).rejects.toThrow(/must answer \{ ms, result \}/);
  });

  it('fails a case whose sides disagree', async () => {
    await expect(
      runCase({
        name: 'disagree',
        warmup: 0,
        rounds: 2,
        baseline: { label: 'b', run: () => [1, 2] },
        measured: { label: 'm', run: () => [1] },
        compare: (b, m) => ((b as number[]).length === (m as number[]).length ? null : 'lengths differ'),
      }),
    ).rejects.toThrow(/disagree: lengths differ/);
  });
});

describe('violations', () => {
  const summary = (medianMs: number, p95Ms: number) => ({
    n: 9,
    medianMs,
    p95Ms,
    meanMs: medianMs,
    minMs: 0,
    maxMs: p95Ms,
  });
  const result = {
    name: 'case',
    baselineLabel: 'b',
    measuredLabel: 'm',
    baseline: summary(1, 2),
    measured: summary(3, 20),
    ratio: 3,
    ratioP95: 10,
    budgetMs: null,
    overBudget: null,
  };

  it('names each exceeded limit of the matching case only', () => {
    const thresholds: Thresholds = { cases: { 'suite/case': { maxRatio: 2, maxP95Ms: 16, maxMs: 30, why: 'test' } } };
    const lines = violations(thresholds, 'suite', result);
    expect(lines).toEqual(['suite/case: ratio 3.00 > 2 (test)', 'suite/case: p95 20.00 ms > 16 ms (test)']);
    expect(violations(thresholds, 'other', result)).toEqual([]);
    expect(violations({ cases: { 'suite/case': { maxRatio: 3 } } }, 'suite', result)).toEqual([]);
    const held = { cases: { 'suite/case': { maxBlockingP95Ms: 16 } } };
    expect(violations(held, 'suite', result)).toEqual([
      'suite/case: no event-loop stretches recorded (measureBlocking is off)',
    ]);
    expect(violations(held, 'suite', { ...result, blocking: summary(10, 18) })).toEqual([
      'suite/case: held the loop 18.00 ms at p95 > 16 ms',
    ]);
  });
});

describe('metricViolations', () => {
  it('reports a figure above its cap, with the reason, and nothing at or under it', () => {
    const thresholds: Thresholds = {
      cases: {},
      metrics: { 'app/bytes per message': { max: 5000, why: 'sidebar deltas' } },
    };
    expect(metricViolations(thresholds, 'app', { name: 'bytes per message', value: 6000, unit: 'bytes' })).toEqual([
      'app/bytes per message: 6000 bytes > 5000 (sidebar deltas)',
    ]);
    expect(metricViolations(thresholds, 'app', { name: 'bytes per message', value: 5000, unit: 'bytes' })).toEqual([]);
    expect(metricViolations(thresholds, 'app', { name: 'other', value: 1e9, unit: 'bytes' })).toEqual([]);
  });
});

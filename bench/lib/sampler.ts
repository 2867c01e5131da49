/**
 * Runs one case: warm-up rounds, then recorded rounds in which the baseline and the measured
 * side each run once. The order flips every round (A B, B A, ...) so drift in the machine's
 * speed (another process waking, the page cache filling, a GC debt) lands on both sides alike.
 */
import { ratio, summarize, type Summary } from './stats';
import type { BenchCase, Side } from './types';

export interface CaseResult {
  name: string;
  baselineLabel: string;
  measuredLabel: string;
  baseline: Summary;
  measured: Summary;
  /** measured median / baseline median. */
  ratio: number;
  /** measured p95 / baseline p95. */
  ratioP95: number;
  budgetMs: number | null;
  /** Whether the slowest measured call went over the budget (null without a budget). */
  overBudget: boolean | null;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** Times one call; awaits only when the side returned a promise, so sync code pays no microtask. */
async function timeOne(side: Side, round: number): Promise<{ ms: number; result: unknown }> {
  const start = performance.now();
  let result = side.run(round);
  if (isThenable(result)) result = await result;
  return { ms: performance.now() - start, result };
}

export async function runCase(c: BenchCase): Promise<CaseResult> {
  if (c.rounds < 1 || c.warmup < 0) throw new Error(`${c.name}: needs at least one round`);
  const baseline: number[] = [];
  const measured: number[] = [];
  for (let round = 0; round < c.warmup + c.rounds; round++) {
    c.prepare?.(round);
    const baselineFirst = round % 2 === 0;
    const first = await timeOne(baselineFirst ? c.baseline : c.measured, round);
    const second = await timeOne(baselineFirst ? c.measured : c.baseline, round);
    const [b, m] = baselineFirst ? [first, second] : [second, first];
    if (round === c.warmup && c.compare) {
      const difference = c.compare(b.result, m.result);
      if (difference !== null) throw new Error(`${c.name}: the two sides disagree: ${difference}`);
    }
    if (round < c.warmup) continue;
    baseline.push(b.ms);
    measured.push(m.ms);
  }
  const b = summarize(baseline);
  const m = summarize(measured);
  const budgetMs = c.budgetMs ?? null;
  return {
    name: c.name,
    baselineLabel: c.baseline.label,
    measuredLabel: c.measured.label,
    baseline: b,
    measured: m,
    ratio: ratio(m.medianMs, b.medianMs),
    ratioP95: ratio(m.p95Ms, b.p95Ms),
    budgetMs,
    overBudget: budgetMs === null ? null : m.maxMs > budgetMs,
  };
}

/**
 * Runs one case: warm-up rounds, then recorded rounds in which the baseline and the measured
 * side each run once. The order flips every round (A B, B A, ...) so drift in the machine's
 * speed (another process waking, the page cache filling, a GC debt) lands on both sides alike.
 */
import { watchLoop } from './loop-watch';
import { ratio, summarize, type Summary } from './stats';
import type { BenchCase, SelfTimed, Side } from './types';

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
  /** With measureBlocking: per measured call, the longest stretch it held the event loop. */
  blocking?: Summary;
  /** With measureBlocking: the same for the baseline's calls (what the measured side is saving). */
  baselineBlocking?: Summary;
  /** Whether the slowest measured call (with measureBlocking: stretch) went over the budget (null without one). */
  overBudget: boolean | null;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * Times one call; awaits only when the side returned a promise, so sync code pays no microtask.
 * With `watch`, also the longest stretch the call held the event loop (all of it, if it never yields).
 */
async function timeOne(side: Side, round: number, watch = false) {
  const loop = watch ? watchLoop() : null;
  const start = performance.now();
  let result = side.run(round);
  const syncMs = performance.now() - start;
  if (isThenable(result)) result = await result;
  let ms = performance.now() - start;
  if (side.selfTimed) {
    const own = result as SelfTimed;
    if (typeof own?.ms !== 'number' || !Number.isFinite(own.ms))
      throw new Error(`${side.label}: a selfTimed side must answer { ms, result }`);
    ({ ms, result } = own);
  }
  return { ms, blockMs: loop ? Math.max(syncMs, loop.stop()) : ms, result };
}

export async function runCase(c: BenchCase): Promise<CaseResult> {
  if (c.rounds < 1 || c.warmup < 0) throw new Error(`${c.name}: needs at least one round`);
  const baseline: number[] = [];
  const measured: number[] = [];
  const blocking: number[] = [];
  const baselineBlocking: number[] = [];
  const watch = c.measureBlocking === true;
  for (let round = 0; round < c.warmup + c.rounds; round++) {
    await c.prepare?.(round);
    const baselineFirst = round % 2 === 0;
    await c.settle?.(round);
    const first = await timeOne(baselineFirst ? c.baseline : c.measured, round, watch);
    await c.settle?.(round);
    const second = await timeOne(baselineFirst ? c.measured : c.baseline, round, watch);
    const [b, m] = baselineFirst ? [first, second] : [second, first];
    if (round === c.warmup && c.compare) {
      const difference = c.compare(b.result, m.result);
      if (difference !== null) throw new Error(`${c.name}: the two sides disagree: ${difference}`);
    }
    if (round < c.warmup) continue;
    baseline.push(b.ms);
    measured.push(m.ms);
    blocking.push(m.blockMs);
    baselineBlocking.push(b.blockMs);
  }
  const b = summarize(baseline);
  const m = summarize(measured);
  const budgetMs = c.budgetMs ?? null;
  const held = watch ? summarize(blocking) : null;
  return {
    name: c.name,
    baselineLabel: c.baseline.label,
    measuredLabel: c.measured.label,
    baseline: b,
    measured: m,
    ratio: ratio(m.medianMs, b.medianMs),
    ratioP95: ratio(m.p95Ms, b.p95Ms),
    budgetMs,
    ...(held ? { blocking: held, baselineBlocking: summarize(baselineBlocking) } : {}),
    overBudget: budgetMs === null ? null : (held ?? m).maxMs > budgetMs,
  };
}

/**
 * bench/thresholds.json: the ratios (and single-call times) a case may not exceed. Checked
 * only with --check, because a loaded machine can blow any one number; the ratios are what
 * a change should be judged on, run after run.
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import type { MetricResult } from './report';
import type { CaseResult } from './sampler';

const Limit = z
  .object({
    /** measured median / baseline median. */
    maxRatio: z.number().positive().optional(),
    /** The slowest measured call, in ms (one stall on a busy machine can trip it). */
    maxMs: z.number().positive().optional(),
    /** The measured side's 95th percentile, in ms: a budget that survives a stray stall. */
    maxP95Ms: z.number().positive().optional(),
    /** With measureBlocking: the 95th percentile of the longest stretch a call held the event loop, in ms. */
    maxBlockingP95Ms: z.number().positive().optional(),
    /** Why this limit; shown when it is exceeded. */
    why: z.string().optional(),
  })
  .strict();

const MetricLimit = z
  .object({
    /** The figure may not exceed this (in the metric's own unit). */
    max: z.number().positive(),
    why: z.string().optional(),
  })
  .strict();

const ThresholdsFile = z
  .object({
    $comment: z.string().optional(),
    /** Keyed "suite/case name". */
    cases: z.record(z.string(), Limit),
    /** Keyed "suite/metric name". */
    metrics: z.record(z.string(), MetricLimit).optional(),
  })
  .strict();
export type Thresholds = z.infer<typeof ThresholdsFile>;

export function loadThresholds(file: string): Thresholds {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`Could not read ${file}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  const parsed = ThresholdsFile.safeParse(json);
  if (!parsed.success) throw new Error(`${file} is not a thresholds file: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export const caseKey = (suite: string, caseName: string) => `${suite}/${caseName}`;

/** One line per exceeded limit. */
export function violations(thresholds: Thresholds, suite: string, result: CaseResult): string[] {
  const limit = thresholds.cases[caseKey(suite, result.name)];
  if (!limit) return [];
  const out: string[] = [];
  const why = limit.why ? ` (${limit.why})` : '';
  if (limit.maxRatio !== undefined && result.ratio > limit.maxRatio) {
    out.push(`${caseKey(suite, result.name)}: ratio ${result.ratio.toFixed(2)} > ${limit.maxRatio}${why}`);
  }
  if (limit.maxP95Ms !== undefined && result.measured.p95Ms > limit.maxP95Ms) {
    out.push(`${caseKey(suite, result.name)}: p95 ${result.measured.p95Ms.toFixed(2)} ms > ${limit.maxP95Ms} ms${why}`);
  }
  if (limit.maxBlockingP95Ms !== undefined) {
    const p95 = result.blocking?.p95Ms;
    if (p95 === undefined)
      out.push(`${caseKey(suite, result.name)}: no event-loop stretches recorded (measureBlocking is off)`);
    else if (p95 > limit.maxBlockingP95Ms) {
      out.push(
        `${caseKey(suite, result.name)}: held the loop ${p95.toFixed(2)} ms at p95 > ${limit.maxBlockingP95Ms} ms${why}`,
      );
    }
  }
  if (limit.maxMs !== undefined && result.measured.maxMs > limit.maxMs) {
    out.push(
      `${caseKey(suite, result.name)}: slowest call ${result.measured.maxMs.toFixed(2)} ms > ${limit.maxMs} ms${why}`,
    );
  }
  return out;
}

/** One line if a metric exceeds its cap. */
export function metricViolations(thresholds: Thresholds, suite: string, metric: MetricResult): string[] {
  const limit = thresholds.metrics?.[caseKey(suite, metric.name)];
  if (!limit || metric.value <= limit.max) return [];
  const why = limit.why ? ` (${limit.why})` : '';
  return [`${caseKey(suite, metric.name)}: ${metric.value} ${metric.unit} > ${limit.max}${why}`];
}

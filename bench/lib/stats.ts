/** Summary statistics of one side's timings. */

export interface Summary {
  n: number;
  medianMs: number;
  p95Ms: number;
  meanMs: number;
  minMs: number;
  maxMs: number;
}

/** The q-quantile (0..1) of sorted values, interpolating linearly between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error('quantile of no values');
  const pos = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  return a + (b - a) * (pos - lo);
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((s, v) => s + v, 0);
  return {
    n: sorted.length,
    medianMs: quantile(sorted, 0.5),
    p95Ms: quantile(sorted, 0.95),
    meanMs: sum / sorted.length,
    minMs: sorted[0]!,
    maxMs: sorted.at(-1)!,
  };
}

/** measured / baseline; Infinity when the baseline took no measurable time. */
export function ratio(measured: number, baseline: number): number {
  return baseline > 0 ? measured / baseline : Infinity;
}

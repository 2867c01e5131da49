/** The table on stdout and the JSON file of a run. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, platform, release } from 'node:os';
import { dirname } from 'node:path';
import type { CaseResult } from './sampler';

/** A figure that is not a timed pair (bytes sent, CPU per event, memory), with its unit. */
export interface MetricResult {
  name: string;
  value: number;
  unit: string;
}

export interface SuiteReport {
  name: string;
  description: string;
  cases: CaseResult[];
  metrics: MetricResult[];
  notes: string[];
  /** Setup or case failures; any of them makes the run exit non-zero. */
  errors: string[];
}

export interface RunReport {
  startedAt: string;
  finishedAt: string;
  quick: boolean;
  machine: { node: string; platform: string; cpus: number; cpuModel: string };
  suites: SuiteReport[];
  violations: string[];
}

export function machineInfo(): RunReport['machine'] {
  const list = cpus();
  return {
    node: process.version,
    platform: `${platform()} ${release()}`,
    cpus: list.length,
    cpuModel: list[0]?.model ?? 'unknown',
  };
}

/** Milliseconds with about three significant digits. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value < 1) return value.toFixed(3);
  if (value < 10) return value.toFixed(2);
  return value.toFixed(1);
}

const HEADERS = [
  'case',
  'base med',
  'base p95',
  'meas med',
  'meas p95',
  'meas max',
  'ratio',
  'base held p95',
  'held p95',
  'held max',
  'budget',
];

function row(r: CaseResult): string[] {
  const budget = r.budgetMs === null ? '' : `${r.overBudget ? 'OVER ' : 'ok '}${r.budgetMs}`;
  return [
    r.name,
    ms(r.baseline.medianMs),
    ms(r.baseline.p95Ms),
    ms(r.measured.medianMs),
    ms(r.measured.p95Ms),
    ms(r.measured.maxMs),
    `${r.ratio.toFixed(2)}x`,
    // Cases that yield between chunks: the longest stretch one call held the event loop.
    r.baselineBlocking ? ms(r.baselineBlocking.p95Ms) : '',
    r.blocking ? ms(r.blocking.p95Ms) : '',
    r.blocking ? ms(r.blocking.maxMs) : '',
    budget,
  ];
}

function table(rows: string[][]): string {
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(HEADERS), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** One suite as text: the table (times in ms), what each side does, notes and errors. */
export function formatSuite(s: SuiteReport): string {
  const parts = [`\n## ${s.name}: ${s.description}`];
  if (s.cases.length > 0) {
    parts.push(table(s.cases.map(row)));
    for (const c of s.cases) parts.push(`  ${c.name}: measured = ${c.measuredLabel}; baseline = ${c.baselineLabel}`);
  }
  for (const m of s.metrics) parts.push(`  ${m.name}: ${formatMetric(m)}`);
  for (const n of s.notes) parts.push(`  note: ${n}`);
  for (const e of s.errors) parts.push(`  ERROR: ${e}`);
  return parts.join('\n');
}

function formatMetric(m: MetricResult): string {
  const digits = Math.abs(m.value) >= 100 ? 0 : Math.abs(m.value) >= 1 ? 2 : 3;
  return `${m.value.toFixed(digits)} ${m.unit}`;
}

export function writeJson(file: string, report: RunReport): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

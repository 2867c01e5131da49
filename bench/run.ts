/**
 * `npm run bench -- [--quick] [--check] [suite ...]`: runs the suites under bench/suites/,
 * prints a table per suite and writes every number to bench/results/<timestamp>.json. Speed is
 * judged by ratios against a baseline measured in the same run, never by timing assertions in
 * tests. Exits non-zero on errors, and with --check when bench/thresholds.json is exceeded.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { USAGE, parseBenchArgs, type BenchArgs } from './lib/args';
import { formatSuite, machineInfo, writeJson, type RunReport, type SuiteReport } from './lib/report';
import { runCase } from './lib/sampler';
import { caseKey, loadThresholds, metricViolations, violations, type Thresholds } from './lib/thresholds';
import type { Suite } from './lib/types';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));

function isSuite(value: unknown): value is Suite {
  const v = value as Partial<Suite> | null;
  return typeof v?.name === 'string' && typeof v.cases === 'function';
}

/** Every Suite exported by bench/suites/*.ts, keyed by file name, in run order. */
async function discoverSuites(): Promise<{ file: string; suite: Suite }[]> {
  const dir = join(BENCH_DIR, 'suites');
  const found: { file: string; suite: Suite }[] = [];
  for (const entry of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(pathToFileURL(join(dir, entry)).href)) as Record<string, unknown>;
    for (const value of Object.values(module))
      if (isSuite(value)) found.push({ file: basename(entry, '.ts'), suite: value });
  }
  return found.sort(
    (a, b) => (a.suite.order ?? 100) - (b.suite.order ?? 100) || a.suite.name.localeCompare(b.suite.name),
  );
}

/** Thresholds naming no case of a full run: a renamed case would otherwise go unchecked. */
function staleKeys(thresholds: Thresholds, suites: SuiteReport[]): string[] {
  const ran = new Set(suites.flatMap((s) => [...s.cases, ...s.metrics].map((c) => caseKey(s.name, c.name))));
  return [...Object.keys(thresholds.cases), ...Object.keys(thresholds.metrics ?? {})]
    .filter((key) => !ran.has(key))
    .map((key) => `${key}: named in thresholds.json but no such case ran`);
}

function errorText(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}

async function runSuite(suite: Suite, args: BenchArgs, runDir: string): Promise<SuiteReport> {
  const report: SuiteReport = {
    name: suite.name,
    description: suite.description,
    cases: [],
    metrics: [],
    notes: [],
    errors: [],
  };
  const dir = mkdtempSync(join(tmpdir(), `parley-bench-${suite.name}-`));
  const ctx = {
    quick: args.quick,
    dir,
    runDir,
    note: (text: string) => report.notes.push(text),
    metric: (name: string, value: number, unit: string) => report.metrics.push({ name, value, unit }),
  };
  const started = performance.now();
  try {
    for await (const c of suite.cases(ctx)) {
      process.stderr.write(`  ${suite.name} / ${c.name} (${c.warmup}+${c.rounds} rounds)\n`);
      try {
        report.cases.push(await runCase(c));
      } catch (e) {
        report.errors.push(`${c.name}: ${errorText(e)}`);
      }
    }
  } catch (e) {
    report.errors.push(`suite failed: ${errorText(e)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  report.notes.push(`suite took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return report;
}

async function main(): Promise<number> {
  let args: BenchArgs;
  try {
    args = parseBenchArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const thresholds = args.check ? loadThresholds(join(BENCH_DIR, 'thresholds.json')) : null;
  const all = await discoverSuites();
  const unknown = args.suites.filter((name) => !all.some((s) => s.file === name || s.suite.name === name));
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown suite(s): ${unknown.join(', ')}. Known: ${all.map((s) => s.suite.name).join(', ')}\n`,
    );
    return 2;
  }
  const chosen = all.filter(
    (s) => args.suites.length === 0 || args.suites.includes(s.file) || args.suites.includes(s.suite.name),
  );

  const startedAt = new Date();
  const runDir = mkdtempSync(join(tmpdir(), 'parley-bench-run-'));
  const suites: SuiteReport[] = [];
  const exceeded: string[] = [];
  process.stdout.write(
    `Parley benchmarks${args.quick ? ' (quick)' : ''}: times in ms per call; ratio = measured median / baseline median\n`,
  );
  try {
    for (const { suite } of chosen) {
      const report = await runSuite(suite, args, runDir);
      suites.push(report);
      process.stdout.write(`${formatSuite(report)}\n`);
      if (thresholds) {
        for (const c of report.cases) exceeded.push(...violations(thresholds, suite.name, c));
        for (const m of report.metrics) exceeded.push(...metricViolations(thresholds, suite.name, m));
      }
    }
  } finally {
    rmSync(runDir, { recursive: true, force: true });
  }
  if (thresholds && args.suites.length === 0) exceeded.push(...staleKeys(thresholds, suites));

  const result: RunReport = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    quick: args.quick,
    machine: machineInfo(),
    suites,
    violations: exceeded,
  };
  const out = args.out ?? join(BENCH_DIR, 'results', `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeJson(out, result);
  // Every run's figures also in one fixed place, kept in the repository as the latest on record.
  writeJson(join(BENCH_DIR, 'results', 'latest.json'), result);
  process.stdout.write(`\nResults: ${out} (and bench/results/latest.json)\n`);
  for (const v of exceeded) process.stdout.write(`THRESHOLD EXCEEDED: ${v}\n`);
  const errors = suites.reduce((n, s) => n + s.errors.length, 0);
  if (errors > 0) process.stdout.write(`${errors} error(s); see above.\n`);
  return errors > 0 || exceeded.length > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`bench failed: ${errorText(e)}\n`);
    process.exitCode = 1;
  },
);

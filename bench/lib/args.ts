/** The command line of bench/run.ts. */
import { parseArgs } from 'node:util';

export interface BenchArgs {
  quick: boolean;
  check: boolean;
  /** Suite names to run; empty means all. */
  suites: string[];
  /** Where the JSON goes; defaults to bench/results/<timestamp>.json. */
  out: string | null;
  help: boolean;
}

export const USAGE = `Usage: npm run bench -- [--quick] [--check] [--out FILE] [suite ...]

  --quick     short smoke run: fewer rounds, smaller caches (well under a minute)
  --check     exit 1 when a ratio or budget in bench/thresholds.json is exceeded
  --out FILE  write the JSON results here instead of bench/results/<timestamp>.json
  suite       run only these suites (file names under bench/suites/, without .ts)`;

export function parseBenchArgs(argv: string[]): BenchArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      quick: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return {
    quick: values.quick,
    check: values.check,
    suites: positionals,
    out: values.out ?? null,
    help: values.help,
  };
}

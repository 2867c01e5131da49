/**
 * The shapes a benchmark suite is written in. A case pairs a baseline (the least work that
 * gets the same answer: raw SQLite, a bare HTTP server) with the code we ship doing that work,
 * so the number that matters is their ratio, measured in the same process and run.
 */

/** One side of a case: called once per round with the round's index (warm-up rounds included). */
export interface Side {
  /** What this side does, for the table and the JSON (e.g. "raw INSERT x6 statements"). */
  label: string;
  run(round: number): unknown;
  /**
   * run() answers a SelfTimed: the side read its time off a better clock than the wall time of
   * the call (a browser's, when a row appeared on screen, without the driver's polling delay).
   */
  selfTimed?: boolean;
}

/** What a selfTimed side's run() answers. */
export interface SelfTimed {
  ms: number;
  result: unknown;
}

export interface BenchCase {
  name: string;
  baseline: Side;
  measured: Side;
  /** Recorded rounds; each round times one call of each side. */
  rounds: number;
  /** Unrecorded rounds first, so JIT, statement caches and the page cache are warm. */
  warmup: number;
  /** Untimed work before each round (e.g. generating the batch both sides will insert). */
  prepare?(round: number): unknown;
  /**
   * Untimed, before each side's call (after prepare, for the first): lets work the other side
   * left running in the background finish, so it is not counted against this one.
   */
  settle?(round: number): unknown;
  /** Wall-clock budget for one call of the measured side; its slowest call is reported against it. */
  budgetMs?: number;
  /**
   * The measured side yields to the event loop between slices of work (chunked writes): also
   * record, per call, the longest stretch it held the event loop. The budget then applies to
   * that stretch, which is what stalls IPC; the ratio still compares whole calls.
   */
  measureBlocking?: boolean;
  /**
   * Checks, on the first recorded round, that both sides did the same work (e.g. returned the
   * same message IDs). Returns a description of the difference, or null. A difference is an error.
   */
  compare?(baselineResult: unknown, measuredResult: unknown): string | null;
}

export interface SuiteContext {
  /** Short smoke run: fewer rounds and smaller data where the suite allows it. */
  quick: boolean;
  /** A fresh directory for this suite's files, removed after it. */
  dir: string;
  /** A directory shared by every suite of the run (for fixtures built once), removed at the end. */
  runDir: string;
  /** Records a fact worth keeping beside the numbers (sizes, one-off timings). */
  note(text: string): void;
  /**
   * Records a figure that is not a timed pair (bytes per event, CPU per event, memory); it goes to
   * the table and the JSON, and bench/thresholds.json may cap it ("metrics").
   */
  metric(name: string, value: number, unit: string): void;
}

/**
 * A suite yields its cases one by one, so setup that depends on an earlier case (reads after
 * the insert case filled the file) runs after it. Cleanup belongs in the generator's finally.
 */
export interface Suite {
  name: string;
  description: string;
  /** Lower runs first (default 100); a suite that leaves a fixture for others goes early. */
  order?: number;
  cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void>;
}

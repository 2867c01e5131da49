/**
 * Copies an account cache's WAL back into its database file on a worker thread with its own
 * connection. SQLite's automatic checkpoint runs inside whichever commit pushes the WAL past
 * 1,000 pages; that commit then copies ~4 MB and fsyncs, 25-45 ms during which the main process
 * cannot route IPC (issue 4: a store call fits in 16 ms). Once the worker is up, the main
 * connection checkpoints by itself only past a safety net; if the worker cannot start or dies,
 * SQLite's default comes back, so the WAL is bounded either way. checkpointer-worker.ts says how
 * the worker keeps it bounded.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { CHECKPOINTER_WORKER_SOURCE } from './checkpointer-worker';
import type { Db } from './db';
import { sqliteOpenOptions } from './native-binding';

export interface CheckpointerOptions {
  /** WAL length (in pages) at which the worker forces the WAL to start over. */
  restartFrames: number;
  /** Told about every forced restart and every failed pass (tests and logs watch these). */
  onEvent?: (event: CheckpointerEvent) => void;
}

export type CheckpointerEvent =
  | { kind: 'ready' }
  // Internal: the worker asks for a RESTART (handled here, never passed on).
  | { kind: 'caught-up'; log: number }
  | { kind: 'restart'; log: number; busy: boolean }
  | { kind: 'error'; message: string }
  | { kind: 'stopped' };

/** SQLite's own default, restored when the worker is gone. */
const SQLITE_AUTOCHECKPOINT = 1000;
/**
 * 6,144 pages of 4 KiB: the worker has the WAL started over once it holds about 24 MB. Most bursts
 * of writes pause before that (the worker then catches up and the next write restarts the WAL for
 * free); a forced restart costs the app's thread a few ms, so a lower mark (tried: 8 MB) costs more.
 */
export const DEFAULT_RESTART_FRAMES = 6144;
const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;
/**
 * ~48 MB: where the app's connection checkpoints by itself after all, when writes outrun the
 * worker (a loaded machine, a write loop with no pauses): a stall then, but never an unbounded WAL.
 */
export const SAFETY_NET_FRAMES = 12288;

const TIMING = {
  // Between passes while nothing is being written, only where the WAL file cannot be watched
  // (elsewhere the worker sleeps until it changes).
  idleMs: 250,
  // While the WAL grows: soon enough that each pass copies little.
  busyMs: 5,
  // Woken by a write: how long the commits that follow it (an incoming message's read and flag
  // event come within a second) may gather before one pass copies them all.
  settleMs: 1000,
  // ...unless the WAL changes this often meanwhile: a burst of writes is passed at once.
  wakeWrites: 64,
};

export class Checkpointer {
  readonly #db: Db;
  readonly #worker: Worker;
  readonly #closed = new Int32Array(new SharedArrayBuffer(4));
  readonly #passes = new Int32Array(new SharedArrayBuffer(4));
  readonly #onEvent: (event: CheckpointerEvent) => void;
  #running = true;

  /** Starts the worker; `db` keeps checkpointing itself until the worker says it is ready. */
  constructor(db: Db, file: string, opts: CheckpointerOptions = { restartFrames: DEFAULT_RESTART_FRAMES }) {
    this.#db = db;
    this.#onEvent = opts.onEvent ?? (() => {});
    // After a forced restart, the next writer cuts the WAL file back to this size.
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(CHECKPOINTER_WORKER_SOURCE, {
      eval: true,
      workerData: {
        ...TIMING,
        file,
        driver,
        ...sqliteOpenOptions(),
        restartFrames: opts.restartFrames,
        closed: this.#closed.buffer,
        passes: this.#passes.buffer,
      },
    });
    // An open store must not keep the process alive on its own.
    this.#worker.unref();
    this.#worker.on('message', (event: CheckpointerEvent) => this.#onMessage(event));
    this.#worker.on('error', (e) => this.#onMessage({ kind: 'error', message: e.message }));
    this.#worker.on('exit', () => this.#stopped());
  }

  /** How many checkpoint passes the worker has run: an idle app's should stop growing. */
  get passes(): number {
    return Atomics.load(this.#passes, 0);
  }

  /**
   * Closes the worker's connection before returning, so the caller's close is the last one and
   * checkpoints and removes the WAL (cache files are copied and renamed after close). Waits at
   * most for the pass under way.
   */
  close(): void {
    if (!this.#running) return;
    this.#running = false;
    this.#worker.postMessage('close');
    Atomics.wait(this.#closed, 0, 0, 5000);
    this.#restoreAutocheckpoint();
  }

  #onMessage(event: CheckpointerEvent): void {
    if (event.kind === 'caught-up') {
      this.#restart(event.log);
      return;
    }
    if (event.kind === 'ready' && this.#running && this.#db.open) {
      this.#db.pragma(`wal_autocheckpoint = ${SAFETY_NET_FRAMES}`);
    }
    this.#onEvent(event);
  }

  /**
   * Runs between two of the app's transactions (an event-loop turn), with the worker paused: it
   * copies only what came in since the worker's last pass, and the next write starts the WAL over.
   */
  #restart(log: number): void {
    if (!this.#running || !this.#db.open) return;
    let busy = true;
    let logAfter = log;
    if (!this.#db.inTransaction) {
      const busyTimeout = this.#db.pragma('busy_timeout', { simple: true }) as number;
      // An open read statement of our own would make RESTART wait for itself: give up at once instead.
      this.#db.pragma('busy_timeout = 0');
      try {
        const [row] = this.#db.pragma('wal_checkpoint(RESTART)') as { busy: number; log: number }[];
        busy = row?.busy !== 0;
        logAfter = row?.log ?? log;
      } catch {
        // SQLITE_BUSY/LOCKED: the WAL keeps every frame; the worker asks again after its next passes.
      } finally {
        this.#db.pragma(`busy_timeout = ${busyTimeout}`);
      }
    }
    // With the WAL length it left: until a write restarts the WAL, the worker sees that and must not ask again.
    this.#worker.postMessage({ resume: logAfter });
    this.#onEvent({ kind: 'restart', log, busy });
  }

  #stopped(): void {
    const wasRunning = this.#running;
    this.#running = false;
    this.#restoreAutocheckpoint();
    if (wasRunning) this.#onEvent({ kind: 'stopped' });
  }

  #restoreAutocheckpoint(): void {
    if (this.#db.open) this.#db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT}`);
  }
}

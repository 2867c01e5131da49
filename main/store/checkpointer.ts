/**
 * Copies an account cache's WAL back into its database file on a worker thread. SQLite's own
 * checkpoint runs inside whichever commit pushes the WAL past 1,000 pages; at 100,000 cached
 * messages that one commit then takes 30-60 ms (4 MB copied, then fsync) while the main process
 * cannot route IPC. A PASSIVE checkpoint from a second connection never blocks the writer, so once
 * the worker is up the main connection turns its own checkpoints off and the worker checkpoints
 * every CHECKPOINT_EVERY_MS instead. If the worker cannot start, SQLite's default stays on.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './db';

const CHECKPOINT_EVERY_MS = 500;

// Plain CommonJS run with eval, so it needs no TypeScript loader and no file of its own in a bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const done = new Int32Array(workerData.done);
const db = new Database(workerData.file);
// A checkpoint that finds the database busy just copies less; it never waits.
db.pragma('busy_timeout = 0');
parentPort.on('message', (msg) => {
  if (msg === 'checkpoint') {
    try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* retried next time */ }
    return;
  }
  db.close();
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
  parentPort.close();
});
parentPort.postMessage('ready');
`;

export class Checkpointer {
  readonly #worker: Worker;
  readonly #done = new Int32Array(new SharedArrayBuffer(4));
  #timer: NodeJS.Timeout | null = null;
  #exited = false;
  #closed = false;

  /** Starts the worker; `db` keeps checkpointing itself until the worker says it is ready. */
  constructor(db: Db, file: string) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, done: this.#done.buffer } });
    this.#worker.unref();
    this.#worker.on('error', () => this.#stopTimer());
    this.#worker.on('exit', () => {
      this.#exited = true;
      this.#stopTimer();
    });
    this.#worker.once('message', () => {
      if (this.#closed || !db.open) return;
      db.pragma('wal_autocheckpoint = 0');
      this.#timer = setInterval(() => this.#worker.postMessage('checkpoint'), CHECKPOINT_EVERY_MS);
      this.#timer.unref();
    });
  }

  /**
   * Closes the worker's connection before returning, so the caller's close is the last one and
   * leaves no WAL behind (files are copied and renamed after close). Waits at most for one checkpoint.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#stopTimer();
    if (this.#exited) return;
    // Also before 'ready': the worker may already hold its connection.
    this.#worker.postMessage('close');
    Atomics.wait(this.#done, 0, 0, 5000);
  }

  #stopTimer(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}

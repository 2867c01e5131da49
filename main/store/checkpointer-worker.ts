/**
 * The code the checkpointer's worker thread runs, as plain CommonJS text: run with `eval`, it
 * needs no TypeScript loader in the worker and no file of its own in a packaged app.
 *
 * Why the steps are what they are (SQLite's WAL rules):
 * - PASSIVE copies WAL frames into the database without ever blocking the app's writer.
 * - The WAL only starts again from its first frame when a write transaction begins while every
 *   frame has been copied and no reader holds an older snapshot. Under a steady stream of writes
 *   that moment rarely comes, so the file would grow without end.
 * - While the WAL grows the worker passes often, so each pass copies what came in during the one
 *   before. Once the WAL passes `restartFrames`, it asks the app's connection (Checkpointer) to run
 *   RESTART between two of its transactions. Only the frames written since the last pass are
 *   left to copy, and the next write starts the WAL over; journal_size_limit then shrinks the file.
 *   RESTART runs on the app's connection, not here, because here it would hold the write lock,
 *   and a deferred transaction of the app that read first and then writes fails at once with
 *   SQLITE_BUSY (SQLite calls no busy handler when a reader becomes a writer).
 * - Once a pass finds every frame copied and nothing new, the worker sleeps without a timer: the
 *   WAL file changing (fs.watch, a write by any connection) wakes it. Passing every 250 ms with
 *   nothing to copy took the database lock 4 times a second and was 73% of an idle app's CPU
 *   (issue 28 item 5). Where the file cannot be watched, it passes every `idleMs` as before.
 * - Woken from that sleep, it waits `settleMs` before its pass, so the few commits of one incoming
 *   message (the message, its read, the server's flag event) are copied by one pass, not one each.
 *   Each pass that copies everything costs two fsyncs here, and the app's next commit, which then
 *   starts the WAL over, one more (SQLite syncs the new WAL header even at synchronous=NORMAL):
 *   passing 5 ms after every commit made an incoming message cost the core's threads ~10 ms of CPU
 *   (issue 28 item 2). A burst (the first sync, a catch-up) shows as `wakeWrites` changes to the
 *   file before the wait is over, and is passed at once, as the WAL must not wait to grow.
 */
export const CHECKPOINTER_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Database = require(workerData.driver);
const { file, restartFrames, idleMs, busyMs, settleMs, wakeWrites } = workerData;
const closed = new Int32Array(workerData.closed);
// How many passes ran, read by the app's thread (tests count wake-ups with it).
const passes = new Int32Array(workerData.passes);

let db = null;
let timer = null;
let watcher = null;
let asleep = false;
// Changes to the WAL seen since waking, while the pass waits for the writes to settle; -1 otherwise.
let settling = -1;

// A write to the WAL while asleep: pass once the writes settle, or at once if they keep coming.
// Events during a pass or a busy wait change nothing.
function onWalChange() {
  if (!db) return;
  if (asleep) {
    asleep = false;
    settling = 1;
    timer = setTimeout(tick, settleMs);
  } else if (settling >= 0 && ++settling >= wakeWrites && timer) {
    clearTimeout(timer);
    timer = setTimeout(tick, busyMs);
  }
}

function watchWal() {
  try {
    watcher = fs.watch(file + '-wal', { persistent: false }, onWalChange);
    watcher.on('error', () => {
      // The file went away or cannot be watched any more: back to passing on a timer.
      watcher = null;
      if (asleep) onWalChange();
    });
  } catch {
    watcher = null;
  }
}

function checkpoint(mode) {
  const row = db.pragma('wal_checkpoint(' + mode + ')')[0];
  return { busy: row.busy === 1, log: row.log, checkpointed: row.checkpointed };
}

let lastLog = 0;
let askedAt = -1;

function tick() {
  timer = null;
  settling = -1;
  Atomics.add(passes, 0, 1);
  let next = idleMs;
  try {
    const pass = checkpoint('PASSIVE');
    // Once asked, the WAL stays this long until the app writes again (and the write restarts it).
    if (pass.log >= restartFrames && pass.log !== askedAt) {
      // The app's connection restarts the WAL between two of its transactions; until it answers
      // { resume }, no pass here competes with it for the checkpoint lock.
      parentPort.postMessage({ kind: 'caught-up', log: pass.log });
      askedAt = pass.log;
      lastLog = pass.log;
      return;
    }
    // While the WAL grows, frequent passes keep each one (and what RESTART is left with) short.
    if (pass.log !== lastLog || pass.busy || pass.checkpointed < pass.log) next = busyMs;
    else if (watcher) {
      // Caught up and nothing new since the last pass: nothing to do until the WAL changes.
      lastLog = pass.log;
      asleep = true;
      return;
    }
    lastLog = pass.log;
  } catch (e) {
    // A failed pass loses nothing (the WAL still holds every frame); it is tried again later.
    parentPort.postMessage({ kind: 'error', message: String(e && e.message || e) });
    next = busyMs;
  }
  timer = setTimeout(tick, next);
}

function close() {
  if (timer) clearTimeout(timer);
  timer = null;
  asleep = false;
  settling = -1;
  if (watcher) watcher.close();
  watcher = null;
  try {
    if (db) db.close();
    db = null;
  } finally {
    Atomics.store(closed, 0, 1);
    Atomics.notify(closed, 0);
    parentPort.close();
  }
}

parentPort.on('message', (msg) => {
  if (msg === 'close') close();
  else if (msg && typeof msg.resume === 'number' && db && !timer) {
    askedAt = msg.resume;
    asleep = false;
    timer = setTimeout(tick, busyMs);
  }
});
try {
  db = new Database(file, workerData.nativeBinding ? { fileMustExist: true, nativeBinding: workerData.nativeBinding } : { fileMustExist: true });
  // A PASSIVE pass that finds the database busy just copies less; it never waits.
  db.pragma('busy_timeout = 0');
  watchWal();
  parentPort.postMessage({ kind: 'ready' });
  timer = setTimeout(tick, busyMs);
} catch (e) {
  parentPort.postMessage({ kind: 'error', message: String(e && e.message || e) });
  close();
}
`;

/**
 * Writes of the full-text index (message_text, FTS5, contentless): one row per cached message,
 * rowid = message ID, columns topic and body (the rendered HTML's words).
 *
 * Bulk writes (a fetched page, an event run) only note the message in search_backlog (migration
 * 9): the HTML-to-words parse and the FTS5 insert were half the cost of storing a page the user is
 * waiting for. The backlog is indexed a few seconds later (GATHER_MS: messages that come one by one
 * are indexed together), BACKLOG_CHUNK messages per turn of the event loop, and whole before any
 * word search (SearchRepo calls flush()), so a search never misses a message. Edits, moves and
 * deletes are rare and change the index at once.
 */
import { messageText, type MessageText } from '../../search/message-text';
import type { Db } from '../db';

/** A few milliseconds of indexing per turn: IPC and the sync loop run in between. */
const BACKLOG_CHUNK = 200;
/** After a failure (a full disk), the next try; the backlog is kept meanwhile. */
const RETRY_MS = 5000;
/**
 * How long writes must pause before indexing starts: a catch-up stores page after page, and
 * indexing between them would only slow down what the user waits for.
 */
const QUIET_MS = 300;
/**
 * How long a queued message waits for others before it is indexed. FTS5 writes a new segment
 * (and merges) per transaction: measured on a 100k cache, 1-3 ms of CPU and 18-44 changed rows
 * per message indexed alone, ~0.1 ms when 50 go together. Incoming messages come one at a time,
 * so without this each was indexed in a transaction of its own (issue 28).
 */
export const GATHER_MS = 5000;
/**
 * What still waited when the app last quit is carried on this long after the cache opens: on a warm
 * start the first screen is read from this cache meanwhile (main/first-screen.ts), on the same
 * thread, and indexing at once put 200-message chunks in its way.
 */
export const CARRY_OVER_DELAY_MS = 2000;

/** Like messageText's hasLink, without parsing: server-rendered HTML spells every link `<a `. */
export function htmlHasLink(html: string): boolean {
  return /<a[\s>]/i.test(html);
}

export class SearchIndex {
  readonly #db: Db;
  readonly #put;
  readonly #remove;
  readonly #queue;
  readonly #unqueue;
  readonly #waiting;
  readonly #anyWaiting;
  readonly #indexChunk: (limit: number) => number;
  #timer: NodeJS.Timeout | null = null;
  #lastQueued = 0;
  #closed = false;

  constructor(db: Db) {
    this.#db = db;
    // contentless_delete tables accept INSERT OR REPLACE, which is how a row is rewritten.
    this.#put = db.prepare('INSERT OR REPLACE INTO message_text (rowid, topic, body) VALUES (?, ?, ?)');
    this.#remove = db.prepare('DELETE FROM message_text WHERE rowid = ?');
    this.#queue = db.prepare('INSERT OR IGNORE INTO search_backlog (message_id) SELECT value FROM json_each(?)');
    this.#unqueue = db.prepare('DELETE FROM search_backlog WHERE message_id = ?');
    // A message deleted while waiting has no row to join: it comes back with null content and goes.
    this.#waiting = db.prepare(
      `SELECT b.message_id AS id, m.topic AS topic, m.content AS content
       FROM search_backlog b LEFT JOIN messages m ON m.id = b.message_id ORDER BY b.message_id LIMIT ?`,
    );
    this.#anyWaiting = db.prepare('SELECT 1 FROM search_backlog LIMIT 1').pluck();
    // Indexes up to `limit` waiting messages in one transaction; returns how many it took. Made
    // once: better-sqlite3 builds a new wrapper for every db.transaction() call.
    this.#indexChunk = db.transaction((limit: number) => {
      const rows = this.#waiting.all(limit) as { id: number; topic: string | null; content: string | null }[];
      for (const r of rows) {
        if (r.content !== null && r.topic !== null) this.#put.run(r.id, r.topic, messageText(r.content).text);
        this.#unqueue.run(r.id);
      }
      return rows.length;
    });
    // Left from the last run (quit before the backlog was done): carry on once start-up is done.
    if (this.#anyWaiting.get() !== undefined) this.#schedule(CARRY_OVER_DELAY_MS);
  }

  /** Indexes a message's topic and HTML now; returns what the HTML holds (has:link is stored beside it). */
  put(id: number, topic: string, html: string): MessageText {
    const t = messageText(html);
    this.#put.run(id, topic, t.text);
    this.#unqueue.run(id);
    return t;
  }

  putText(id: number, topic: string, text: string): void {
    this.#put.run(id, topic, text);
    this.#unqueue.run(id);
  }

  /** Indexes these messages soon (see the file comment); their topic and HTML are read then. */
  queue(ids: readonly number[]): void {
    if (ids.length === 0) return;
    this.#queue.run(JSON.stringify(ids));
    this.#lastQueued = Date.now();
    this.#schedule(GATHER_MS);
  }

  remove(id: number): void {
    this.#remove.run(id);
    this.#unqueue.run(id);
  }

  /**
   * Indexes everything still waiting, now: before a word search. Usually nothing waits, and
   * then it is one read, not a transaction (a search of a rare word took twice as long with it).
   */
  flush(): void {
    if (!this.backlogged) return;
    while (this.#indexChunk(10_000) > 0);
  }

  /** Whether messages still wait to be indexed. */
  get backlogged(): boolean {
    return this.#anyWaiting.get() !== undefined;
  }

  /** Stops background indexing; what waits stays in the backlog for the next open. */
  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(ms: number): void {
    if (this.#timer !== null || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (this.#closed || !this.#db.open) return;
      const quietFor = Date.now() - this.#lastQueued;
      if (quietFor < QUIET_MS) {
        this.#schedule(QUIET_MS - quietFor);
        return;
      }
      try {
        if (this.#indexChunk(BACKLOG_CHUNK) === BACKLOG_CHUNK) this.#schedule(0);
      } catch {
        // A full or read-only disk: the backlog stays, and a search indexes it with the error in words.
        this.#schedule(RETRY_MS);
      }
    }, ms);
    // Never what keeps a process alive.
    this.#timer.unref();
  }
}

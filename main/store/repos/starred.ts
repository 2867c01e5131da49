/**
 * Every starred message ID, cached or not: register's starred_messages, then flag events and
 * fetched messages' flags. This table is the only record of starred state: message reads join it
 * (like unreads for read state), so a star on an uncached message shows once the message is fetched.
 */
import type { Db } from '../db';

export class StarredRepo {
  readonly #db: Db;
  readonly #addMany;
  readonly #removeMany;
  readonly #clear;
  readonly #count;
  readonly #has;
  readonly #page;

  constructor(db: Db) {
    this.#db = db;
    // One statement for a batch (a JSON array of IDs): a fetched page sets the star of every message.
    this.#addMany = db.prepare('INSERT OR IGNORE INTO starred (message_id) SELECT value FROM json_each(?)');
    this.#removeMany = db.prepare('DELETE FROM starred WHERE message_id IN (SELECT value FROM json_each(?))');
    this.#clear = db.prepare('DELETE FROM starred');
    this.#count = db.prepare('SELECT count(*) FROM starred').pluck();
    this.#has = db.prepare('SELECT 1 FROM starred WHERE message_id = ?').pluck();
    this.#page = db
      .prepare('SELECT message_id FROM starred WHERE message_id < ? ORDER BY message_id DESC LIMIT ?')
      .pluck();
  }

  /** Replaces the whole set (register's starred_messages). */
  replaceAll(ids: readonly number[]): void {
    this.#db.transaction(() => {
      this.#clear.run();
      this.set(ids, true);
    })();
  }

  set(ids: readonly number[], starred: boolean): void {
    if (ids.length === 0) return;
    (starred ? this.#addMany : this.#removeMany).run(JSON.stringify(ids));
  }

  has(id: number): boolean {
    return this.#has.get(id) !== undefined;
  }

  count(): number {
    return this.#count.get() as number;
  }

  /** Starred IDs below `below`, newest first: the is:starred view pages through these. */
  page(below: number, limit: number): number[] {
    return this.#page.all(below, limit) as number[];
  }
}

/**
 * unverified_ranges: per narrow key, the ID intervals of message_ranges that have not been checked
 * against the server since the last event gap (migration 0012). message_ranges still says what
 * the cache holds; this says which of it may be stale. A page stored over [lo, hi] verifies it.
 */
import type { Db } from '../db';
import type { IdRange } from './ranges';

export interface UnverifiedRange extends IdRange {
  key: string;
}

export class UnverifiedRangesRepo {
  readonly #db: Db;
  readonly #markAll;
  readonly #overlapping;
  readonly #deleteOne;
  readonly #insert;
  readonly #newestFirst;
  readonly #count;
  readonly #span;
  readonly #forget;

  constructor(db: Db) {
    this.#db = db;
    this.#markAll = db.transaction(() => {
      db.prepare('DELETE FROM unverified_ranges').run();
      db.prepare(
        'INSERT INTO unverified_ranges (narrow_key, lo, hi) SELECT narrow_key, lo, hi FROM message_ranges',
      ).run();
    });
    this.#overlapping = db.prepare(
      'SELECT lo, hi FROM unverified_ranges WHERE narrow_key = ? AND lo <= ? AND hi >= ? ORDER BY lo',
    );
    this.#deleteOne = db.prepare('DELETE FROM unverified_ranges WHERE narrow_key = ? AND lo = ?');
    this.#insert = db.prepare('INSERT INTO unverified_ranges (narrow_key, lo, hi) VALUES (?, ?, ?)');
    this.#newestFirst = db.prepare('SELECT narrow_key AS key, lo, hi FROM unverified_ranges ORDER BY hi DESC LIMIT ?');
    this.#count = db.prepare('SELECT count(*) FROM unverified_ranges').pluck();
    this.#span = db.prepare('SELECT total(min(hi, ?) - lo + 1) FROM unverified_ranges').pluck();
    this.#forget = db.prepare('DELETE FROM unverified_ranges WHERE narrow_key = ?');
  }

  /** After a gap: everything message_ranges vouches for is unverified. */
  markAll(): void {
    this.#markAll();
  }

  /** Whether any of [lo, hi] of the narrow is unverified. */
  overlaps(key: string, lo: number, hi: number): boolean {
    return this.#overlapping.all(key, hi, lo).length > 0;
  }

  /** This message of the narrow may be stale (a copy from before a gap moved into it). */
  markOne(key: string, id: number): void {
    if (!this.overlaps(key, id, id)) this.#insert.run(key, id, id);
  }

  /** The server just answered for [lo, hi] of the narrow: that part is verified. */
  clear(key: string, lo: number, hi: number): void {
    this.#db.transaction(() => {
      for (const r of this.#overlapping.all(key, hi, lo) as IdRange[]) {
        this.#deleteOne.run(key, r.lo);
        if (r.lo < lo) this.#insert.run(key, r.lo, lo - 1);
        if (r.hi > hi) this.#insert.run(key, hi + 1, r.hi);
      }
    })();
  }

  /** The narrow is no longer cached as complete anywhere. */
  forget(key: string): void {
    this.#forget.run(key);
  }

  /** Unverified intervals, the newest first. */
  newestFirst(limit: number): UnverifiedRange[] {
    return this.#newestFirst.all(limit) as UnverifiedRange[];
  }

  /** How many IDs the unverified intervals span (those open to the newest counted up to `newest`). */
  span(newest: number): number {
    return this.#span.get(newest) as number;
  }

  count(): number {
    return this.#count.get() as number;
  }
}

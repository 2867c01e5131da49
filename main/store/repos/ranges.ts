/**
 * message_ranges: per narrow key, the ID intervals [lo, hi] in which every message of the
 * narrow is cached. Adding an interval merges it with any it touches, so a narrow's
 * intervals never overlap. lo = 0 is "from the oldest"; hi = NEWEST is "up to the newest".
 */
import type { Db } from '../db';
import { NEWEST } from '../narrows';

export interface IdRange {
  lo: number;
  hi: number;
}

export class RangesRepo {
  readonly #db: Db;
  readonly #list;
  readonly #containing;
  readonly #insert;
  readonly #deleteOne;
  readonly #deleteKey;
  readonly #deleteLike;
  readonly #reachingNewest;
  readonly #setHi;

  constructor(db: Db) {
    this.#db = db;
    this.#list = db.prepare('SELECT lo, hi FROM message_ranges WHERE narrow_key = ? ORDER BY lo');
    // The range with the greatest lo <= id; it contains id when its hi >= id.
    this.#containing = db.prepare(
      'SELECT lo, hi FROM message_ranges WHERE narrow_key = ? AND lo <= ? ORDER BY lo DESC LIMIT 1',
    );
    this.#insert = db.prepare('INSERT INTO message_ranges (narrow_key, lo, hi) VALUES (?, ?, ?)');
    this.#deleteOne = db.prepare('DELETE FROM message_ranges WHERE narrow_key = ? AND lo = ?');
    this.#deleteKey = db.prepare('DELETE FROM message_ranges WHERE narrow_key = ?');
    // GLOB with a literal prefix can use the primary key index; the prefix is digits and colons only.
    this.#deleteLike = db.prepare('DELETE FROM message_ranges WHERE narrow_key GLOB ?');
    this.#reachingNewest = db.prepare('SELECT narrow_key, lo FROM message_ranges WHERE hi = ?');
    this.#setHi = db.prepare('UPDATE message_ranges SET hi = ? WHERE narrow_key = ? AND lo = ?');
  }

  list(key: string): IdRange[] {
    return this.#list.all(key) as IdRange[];
  }

  /** The known-contiguous interval holding this ID, if any. */
  containing(key: string, id: number): IdRange | null {
    const r = this.#containing.get(key, id) as IdRange | undefined;
    return r && r.hi >= id ? r : null;
  }

  /** Records that every message of the narrow with lo <= id <= hi is cached; merges neighbours. */
  add(key: string, lo: number, hi: number): IdRange {
    if (lo > hi) throw new Error(`Bad range ${lo}..${hi} for ${key}`);
    return this.#db.transaction(() => {
      let merged = { lo, hi };
      for (const r of this.list(key)) {
        // Message IDs are integers, so [1,10] and [11,20] together cover [1,20].
        const touches = r.lo <= merged.hi + 1 && merged.lo <= r.hi + 1;
        if (!touches) continue;
        merged = { lo: Math.min(r.lo, merged.lo), hi: Math.max(r.hi, merged.hi) };
        this.#deleteOne.run(key, r.lo);
      }
      this.#insert.run(key, merged.lo, merged.hi);
      return merged;
    })();
  }

  /**
   * Takes these IDs out of the narrow's known ranges, splitting a range around each one: the
   * cache no longer holds every message there (e.g. a message we never had was moved into the
   * narrow). Returns whether any range changed.
   */
  punch(key: string, ids: readonly number[]): boolean {
    return this.#db.transaction(() => {
      let changed = false;
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        const r = this.containing(key, id);
        if (!r) continue;
        changed = true;
        this.#deleteOne.run(key, r.lo);
        if (r.lo <= id - 1) this.#insert.run(key, r.lo, id - 1);
        if (id + 1 <= r.hi) this.#insert.run(key, id + 1, r.hi);
      }
      return changed;
    })();
  }

  /** Forgets what is known about a narrow. */
  forget(key: string): void {
    this.#deleteKey.run(key);
  }

  /** Forgets a channel narrow and all its topic narrows. */
  forgetChannel(channelId: number): void {
    if (!Number.isInteger(channelId)) throw new Error(`Bad channel ID ${channelId}`);
    this.#deleteKey.run(`channel:${channelId}`);
    this.#deleteLike.run(`topic:${channelId}:*`);
  }

  /**
   * Ranges open to the newest message stay correct only while events arrive without a gap.
   * After a gap, each is cut back to `lastKnown(key)` (its newest cached message, or lo).
   */
  closeNewest(lastKnown: (key: string, lo: number) => number): void {
    const open = this.#reachingNewest.all(NEWEST) as { narrow_key: string; lo: number }[];
    for (const r of open) this.#setHi.run(Math.max(r.lo, lastKnown(r.narrow_key, r.lo)), r.narrow_key, r.lo);
  }

  /** Like closeNewest, for one narrow (e.g. a channel the user left: its events stop coming). */
  closeNewestOf(key: string, lastKnown: number): void {
    const r = this.#containing.get(key, NEWEST) as IdRange | undefined;
    if (r && r.hi === NEWEST) this.#setHi.run(Math.max(r.lo, lastKnown), key, r.lo);
  }
}

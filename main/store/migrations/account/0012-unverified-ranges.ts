/**
 * The parts of message_ranges not checked against the server since the event queue was last
 * lost. A gap may have hidden edits, deletes and moves inside any range, so a new queue marks them
 * all unverified: the cache still answers from them at once, and each is fetched again in the
 * background (repos/unverified-ranges.ts, accounts/revalidator.ts), which clears its mark.
 */
import type { Migration } from '../../migrate';

export const unverifiedRanges: Migration = {
  version: 12,
  name: 'unverified-ranges',
  up(db) {
    db.exec(`
      CREATE TABLE unverified_ranges (
        narrow_key TEXT NOT NULL,
        lo INTEGER NOT NULL,
        hi INTEGER NOT NULL,
        PRIMARY KEY (narrow_key, lo),
        CHECK (lo <= hi)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};

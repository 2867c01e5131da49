/**
 * What the outbox needs to resend safely after a crash or a lost answer: for each attempt, the
 * highest message ID known when it started. If the server did create the message, its ID is
 * above that floor, so a check of our own newer messages finds it instead of sending it twice.
 */
import type { Migration } from '../../migrate';

export const outboxRecovery: Migration = {
  version: 4,
  name: 'outbox-recovery',
  up(db) {
    db.exec(`
      ALTER TABLE outbox ADD COLUMN attempt_floor_id INTEGER;
    `);
  },
};

/**
 * Scheduled messages and reminders, as the server last described them (register's lists, then
 * the scheduled_messages and reminders events). The object is kept as JSON: the screen shows it
 * whole and nothing queries inside it; delivery time and failure are columns for the order.
 */
import type { Migration } from '../../migrate';

export const scheduledMessages: Migration = {
  version: 13,
  name: 'scheduled-messages',
  up(db) {
    db.exec(`
      CREATE TABLE scheduled_messages (
        id INTEGER PRIMARY KEY,
        deliver_at INTEGER NOT NULL,
        json TEXT NOT NULL
      ) STRICT;
      CREATE TABLE reminders (
        id INTEGER PRIMARY KEY,
        deliver_at INTEGER NOT NULL,
        json TEXT NOT NULL
      ) STRICT;
    `);
  },
};

/**
 * Presence and alert words. Presence keeps the server's two timestamps per user (the modern
 * format) and, in one row, where polling left off (presence_last_update_id) and the server's
 * clock at that moment, so "online" is judged by the server's time, not by ours.
 */
import type { Migration } from '../../migrate';

export const presenceAlertWords: Migration = {
  version: 5,
  name: 'presence-alert-words',
  up(db) {
    db.exec(`
      CREATE TABLE presence (
        user_id INTEGER PRIMARY KEY,
        active_timestamp INTEGER NOT NULL,
        idle_timestamp INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE presence_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        last_update_id INTEGER NOT NULL,
        server_timestamp REAL NOT NULL,
        -- Our clock (epoch ms) when server_timestamp arrived.
        received_at INTEGER NOT NULL
      ) STRICT;
      -- The user's alert words in the server's order.
      CREATE TABLE alert_words (
        position INTEGER PRIMARY KEY,
        word TEXT NOT NULL
      ) STRICT;
    `);
  },
};

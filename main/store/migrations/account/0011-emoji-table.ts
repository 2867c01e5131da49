/**
 * The server's emoji name table (register's `server_emoji_data_url`, Zulip's `code_to_names`)
 * and the URL it came from: fetched again only when the URL changes, and kept apart from the
 * realm key/value table, which every register replaces whole.
 */
import type { Migration } from '../../migrate';

export const emojiTable: Migration = {
  version: 11,
  name: 'emoji-table',
  up(db) {
    db.exec(
      'CREATE TABLE emoji_table (id INTEGER PRIMARY KEY CHECK (id = 1), url TEXT NOT NULL, code_to_names TEXT NOT NULL)',
    );
  },
};

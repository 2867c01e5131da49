/**
 * The server's emoji name table (register's `server_emoji_data_url`, Zulip's `code_to_names`)
 * and the URL it came from: fetched again only when the URL changes, and kept apart from the
 * realm key/value table, which every register replaces whole. And the organization's custom
 * emoji (register's realm_emoji, `realm_emoji` events), deactivated ones too: old messages and
 * reactions still show them.
 */
import type { Migration } from '../../migrate';

export const emojiTable: Migration = {
  version: 11,
  name: 'emoji-table',
  up(db) {
    db.exec(
      'CREATE TABLE emoji_table (id INTEGER PRIMARY KEY CHECK (id = 1), url TEXT NOT NULL, code_to_names TEXT NOT NULL)',
    );
    db.exec(
      `CREATE TABLE realm_emoji (id TEXT PRIMARY KEY, name TEXT NOT NULL, source_url TEXT NOT NULL,
        deactivated INTEGER NOT NULL DEFAULT 0)`,
    );
  },
};

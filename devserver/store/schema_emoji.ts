/**
 * Custom emoji (Zulip's RealmEmoji). Appended to SCHEMA and, like PRESENCE_SCHEMA, run on an
 * existing file of the same schema version too (every statement is idempotent). A deactivated
 * emoji keeps its row and image: old messages and reactions still show it, as on Zulip.
 */
export const EMOJI_SCHEMA = `
CREATE TABLE IF NOT EXISTS realm_emoji (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  author_id INTEGER REFERENCES users(id),
  content_type TEXT NOT NULL,
  image BLOB NOT NULL,
  deactivated INTEGER NOT NULL DEFAULT 0
);
-- One active emoji per name; deactivated ones may share it.
CREATE UNIQUE INDEX IF NOT EXISTS realm_emoji_active_name ON realm_emoji(name) WHERE deactivated = 0;
`;

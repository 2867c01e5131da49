/**
 * Tables for presence and alert words. Appended to SCHEMA (schema.ts); every statement is
 * idempotent, and Store.open also runs them on an existing file of the same schema version, so a
 * data file made before these tables existed gains them instead of being refused.
 */
export const PRESENCE_SCHEMA = `
-- One row per user who ever reported presence (Zulip's UserPresence). Times are Unix seconds;
-- last_update_id orders changes for clients that poll with last_update_id.
CREATE TABLE IF NOT EXISTS user_presence (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  last_connected_time REAL NOT NULL,
  last_active_time REAL,           -- null: never active (reported as date_joined, as Zulip does)
  last_update_id INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS user_presence_by_update ON user_presence(last_update_id);

-- A user's alert words in the order they were added; unique without regard to case.
CREATE TABLE IF NOT EXISTS alert_words (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  word TEXT NOT NULL,
  UNIQUE (user_id, word COLLATE NOCASE)
);
`;

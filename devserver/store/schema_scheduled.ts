/**
 * Scheduled messages and reminders (Zulip's ScheduledMessage: delivery_type 1 "send later", 2
 * "remind"). Appended to SCHEMA; idempotent, and Store.open runs it on an existing file of the
 * same schema version too, so an older data file gains the table instead of being refused.
 */
export const SCHEDULED_SCHEMA = `
CREATE TABLE IF NOT EXISTS scheduled_messages (
  id INTEGER PRIMARY KEY,
  sender_id INTEGER NOT NULL REFERENCES users(id),
  delivery_type INTEGER NOT NULL,     -- 1 send later, 2 remind
  type TEXT NOT NULL,                 -- 'stream' or 'private'
  recipients TEXT NOT NULL,           -- JSON: the channel ID, or the direct message's user IDs
  topic TEXT NOT NULL,
  content TEXT NOT NULL,
  rendered_content TEXT NOT NULL,
  scheduled_timestamp INTEGER NOT NULL,
  read_by_sender INTEGER NOT NULL,
  client TEXT NOT NULL,
  reminder_target_message_id INTEGER,
  reminder_note TEXT,
  delivered INTEGER NOT NULL DEFAULT 0,
  delivered_message_id INTEGER,
  failed INTEGER NOT NULL DEFAULT 0,
  failure_message TEXT
);
CREATE INDEX IF NOT EXISTS scheduled_messages_due ON scheduled_messages(delivered, failed, scheduled_timestamp);
`;

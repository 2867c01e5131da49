/**
 * The first schema of an account's cache: everything the server told us, in tables named
 * after the API's nouns. Booleans are 0/1; JSON columns hold the fields we keep but do not
 * query, so new server fields never need a migration just to be kept.
 */
import type { Migration } from '../../migrate';

export const initialAccountSchema: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE realm (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

      -- One row: the event queue we poll and what register told us about the server.
      CREATE TABLE sync_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        queue_id TEXT,
        last_event_id INTEGER,
        feature_level INTEGER NOT NULL DEFAULT 0,
        longpoll_timeout_seconds INTEGER NOT NULL DEFAULT 90,
        user_id INTEGER,
        registered_at INTEGER
      ) STRICT;
      INSERT INTO sync_state (id) VALUES (1);

      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL,
        full_name TEXT NOT NULL,
        avatar_url TEXT,
        role INTEGER NOT NULL,
        is_bot INTEGER NOT NULL,
        is_active INTEGER NOT NULL,
        extra TEXT NOT NULL DEFAULT '{}'
      ) STRICT;

      CREATE TABLE channels (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        rendered_description TEXT NOT NULL DEFAULT '',
        invite_only INTEGER NOT NULL DEFAULT 0,
        extra TEXT NOT NULL DEFAULT '{}'
      ) STRICT;

      CREATE TABLE subscriptions (
        channel_id INTEGER PRIMARY KEY REFERENCES channels(id) ON DELETE CASCADE,
        color TEXT NOT NULL,
        is_muted INTEGER NOT NULL DEFAULT 0,
        pin_to_top INTEGER NOT NULL DEFAULT 0,
        settings TEXT NOT NULL DEFAULT '{}'
      ) STRICT;

      -- A channel message has channel_id; a DM has dm_key (every participant's ID, sorted, comma-joined).
      -- Read state is not here: a message is unread exactly when its ID is in unreads.
      CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        sender_id INTEGER NOT NULL,
        sender_full_name TEXT NOT NULL,
        sender_email TEXT NOT NULL,
        avatar_url TEXT,
        timestamp INTEGER NOT NULL,
        content TEXT NOT NULL,
        content_type TEXT NOT NULL DEFAULT 'text/html',
        channel_id INTEGER,
        topic TEXT NOT NULL DEFAULT '',
        dm_key TEXT,
        is_starred INTEGER NOT NULL,
        other_flags TEXT NOT NULL DEFAULT '[]',
        last_edit_timestamp INTEGER,
        last_moved_timestamp INTEGER,
        is_me_message INTEGER NOT NULL DEFAULT 0,
        CHECK ((channel_id IS NULL) <> (dm_key IS NULL))
      ) STRICT;
      CREATE INDEX messages_by_channel ON messages (channel_id, id);
      CREATE INDEX messages_by_topic ON messages (channel_id, topic, id);
      CREATE INDEX messages_by_dm ON messages (dm_key, id);

      CREATE TABLE reactions (
        message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
        reaction_type TEXT NOT NULL,
        emoji_code TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        emoji_name TEXT NOT NULL,
        PRIMARY KEY (message_id, reaction_type, emoji_code, user_id)
      ) STRICT; -- a rowid table, so reactions read back in the order they were added

      -- For each narrow, the ID intervals in which every matching message is cached.
      -- lo = 0 means "from the first message"; hi = 9007199254740991 means "up to the newest".
      CREATE TABLE message_ranges (
        narrow_key TEXT NOT NULL,
        lo INTEGER NOT NULL,
        hi INTEGER NOT NULL,
        PRIMARY KEY (narrow_key, lo),
        CHECK (lo <= hi)
      ) STRICT, WITHOUT ROWID;

      -- Unread message IDs, including messages that are not cached (from register's unread_msgs).
      CREATE TABLE unreads (
        message_id INTEGER PRIMARY KEY,
        channel_id INTEGER,
        topic TEXT,
        dm_key TEXT
      ) STRICT;
      CREATE INDEX unreads_by_topic ON unreads (channel_id, topic);
      CREATE INDEX unreads_by_dm ON unreads (dm_key);

      CREATE TABLE topics (
        channel_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        max_message_id INTEGER NOT NULL,
        PRIMARY KEY (channel_id, name)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX topics_by_recency ON topics (channel_id, max_message_id);

      CREATE TABLE recent_dms (
        dm_key TEXT PRIMARY KEY,
        max_message_id INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX recent_dms_by_recency ON recent_dms (max_message_id);

      -- Messages the user wrote that the server has not confirmed yet (or refused).
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        local_id TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        target TEXT NOT NULL,
        channel_id INTEGER,
        topic TEXT NOT NULL DEFAULT '',
        dm_key TEXT,
        content TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        message_id INTEGER,
        send_error TEXT
      ) STRICT;
      CREATE INDEX outbox_by_message ON outbox (message_id);
      CREATE INDEX outbox_by_state ON outbox (state, id);
    `);
  },
};

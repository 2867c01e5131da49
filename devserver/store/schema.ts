/**
 * The dev server's SQLite schema. It follows Zulip's data model closely enough that the API can be
 * answered with indexed queries: messages point at a recipient (a channel, or a direct-message
 * conversation keyed by its sorted participant IDs), and user_messages holds one row per user who
 * received a message with that user's flags as a bitmask (see FLAG_BITS in store/flags.ts).
 */
import { CHANNELS_SCHEMA } from './schema_channels';
import { MESSAGES_SCHEMA } from './schema_messages';
import { PRESENCE_SCHEMA } from './schema_presence';
import { EMOJI_SCHEMA } from './schema_emoji';
import { LINKIFIERS_SCHEMA } from './linkifiers';
import { UPLOADS_SCHEMA } from './uploads';
import { INVITES_SCHEMA } from './invites';
import { CONFIRMATIONS_SCHEMA } from './confirmations';
import { RECORDS_SCHEMA } from './schema_records';
import { SCHEDULED_SCHEMA } from './schema_scheduled';

/** 4: links and emailed invitations in one `invites` table (a version-3 file is migrated, migrate_v3.ts). */
export const SCHEMA_VERSION = 4;

export const SCHEMA = `
CREATE TABLE realm (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  string_id TEXT NOT NULL,
  placeholder_email_domain TEXT NOT NULL,
  date_created INTEGER NOT NULL,
  deactivated INTEGER NOT NULL DEFAULT 0,
  topics_policy TEXT NOT NULL DEFAULT 'allow_empty_topic',
  empty_topic_display_name TEXT NOT NULL DEFAULT 'general chat',
  icon_version INTEGER NOT NULL DEFAULT 1
);

-- Facts about the seed itself (e.g. the shared demo password) that the start line reports.
CREATE TABLE dev_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  delivery_email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  full_name TEXT NOT NULL,
  password_hash TEXT,
  api_key TEXT NOT NULL UNIQUE,
  role INTEGER NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  is_bot INTEGER NOT NULL DEFAULT 0,
  bot_type INTEGER,
  bot_owner_id INTEGER REFERENCES users(id),
  is_system_bot INTEGER NOT NULL DEFAULT 0,
  timezone TEXT NOT NULL DEFAULT '',
  date_joined INTEGER NOT NULL,
  avatar_version INTEGER NOT NULL DEFAULT 1,
  email_address_visibility INTEGER NOT NULL DEFAULT 1,
  settings TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE recipients (
  id INTEGER PRIMARY KEY,
  kind INTEGER NOT NULL,          -- 2 channel, 3 direct-message conversation
  dm_key TEXT UNIQUE              -- "1,4,7": sorted participant IDs of a direct conversation
);

CREATE TABLE recipient_members (
  recipient_id INTEGER NOT NULL REFERENCES recipients(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (recipient_id, user_id)
) WITHOUT ROWID;
CREATE INDEX recipient_members_by_user ON recipient_members(user_id, recipient_id);

CREATE TABLE channels (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  description TEXT NOT NULL DEFAULT '',
  rendered_description TEXT NOT NULL DEFAULT '',
  invite_only INTEGER NOT NULL DEFAULT 0,
  is_web_public INTEGER NOT NULL DEFAULT 0,
  history_public_to_subscribers INTEGER NOT NULL DEFAULT 1,
  date_created INTEGER NOT NULL,
  creator_id INTEGER REFERENCES users(id),
  topics_policy TEXT NOT NULL DEFAULT 'inherit',
  message_retention_days INTEGER,
  folder_id INTEGER,
  is_archived INTEGER NOT NULL DEFAULT 0,
  is_default INTEGER NOT NULL DEFAULT 0,
  recipient_id INTEGER NOT NULL UNIQUE REFERENCES recipients(id),
  group_settings TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE subscriptions (
  user_id INTEGER NOT NULL REFERENCES users(id),
  channel_id INTEGER NOT NULL REFERENCES channels(id),
  active INTEGER NOT NULL DEFAULT 1,
  color TEXT NOT NULL,
  is_muted INTEGER NOT NULL DEFAULT 0,
  pin_to_top INTEGER NOT NULL DEFAULT 0,
  desktop_notifications INTEGER,
  email_notifications INTEGER,
  push_notifications INTEGER,
  audible_notifications INTEGER,
  wildcard_mentions_notify INTEGER,
  PRIMARY KEY (user_id, channel_id)
) WITHOUT ROWID;
CREATE INDEX subscriptions_by_channel ON subscriptions(channel_id, user_id);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  sender_id INTEGER NOT NULL REFERENCES users(id),
  recipient_id INTEGER NOT NULL REFERENCES recipients(id),
  channel_id INTEGER REFERENCES channels(id),
  topic TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL,
  rendered_content TEXT NOT NULL,
  date_sent INTEGER NOT NULL,
  client TEXT NOT NULL,
  is_me_message INTEGER NOT NULL DEFAULT 0,
  last_edit_timestamp INTEGER,
  last_moved_timestamp INTEGER,
  edit_history TEXT
);
CREATE INDEX messages_by_recipient ON messages(recipient_id, id);
CREATE INDEX messages_by_topic ON messages(recipient_id, topic COLLATE NOCASE, id);
CREATE INDEX messages_by_sender ON messages(sender_id, id);

CREATE TABLE user_messages (
  user_id INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  flags INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, message_id)
) WITHOUT ROWID;
CREATE INDEX user_messages_by_message ON user_messages(message_id);
CREATE INDEX user_messages_unread ON user_messages(user_id, message_id) WHERE (flags & 1) = 0;
CREATE INDEX user_messages_starred ON user_messages(user_id, message_id) WHERE (flags & 2) != 0;
CREATE INDEX user_messages_mentioned ON user_messages(user_id, message_id) WHERE (flags & 56) != 0;

CREATE TABLE reactions (
  id INTEGER PRIMARY KEY,
  message_id INTEGER NOT NULL REFERENCES messages(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  emoji_name TEXT NOT NULL,
  emoji_code TEXT NOT NULL,
  reaction_type TEXT NOT NULL DEFAULT 'unicode_emoji',
  UNIQUE (message_id, user_id, reaction_type, emoji_code)
);

CREATE TABLE user_groups (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL DEFAULT '',
  is_system_group INTEGER NOT NULL DEFAULT 0,
  date_created INTEGER,
  creator_id INTEGER REFERENCES users(id),
  deactivated INTEGER NOT NULL DEFAULT 0,
  settings TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE user_group_members (
  group_id INTEGER NOT NULL REFERENCES user_groups(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (group_id, user_id)
) WITHOUT ROWID;
CREATE TABLE user_group_subgroups (
  group_id INTEGER NOT NULL REFERENCES user_groups(id),
  subgroup_id INTEGER NOT NULL REFERENCES user_groups(id),
  PRIMARY KEY (group_id, subgroup_id)
) WITHOUT ROWID;
${CHANNELS_SCHEMA}
${RECORDS_SCHEMA}
${MESSAGES_SCHEMA}
${PRESENCE_SCHEMA}
${EMOJI_SCHEMA}
${SCHEDULED_SCHEMA}
${LINKIFIERS_SCHEMA}
${UPLOADS_SCHEMA}
${INVITES_SCHEMA}
${CONFIRMATIONS_SCHEMA}
`;

/**
 * Every non-message record of an account: user groups, channel folders, subscriber lists,
 * drafts, saved snippets, navigation views, custom profile fields, code playgrounds, topic
 * visibility, user settings and push devices. Tables follow the API's nouns; JSON columns hold
 * what we keep but never query (permission settings, field_data), so a new server field needs
 * no migration just to be kept.
 */
import type { Migration } from '../../migrate';

export const recordsSchema: Migration = {
  version: 3,
  name: 'records',
  up(db) {
    db.exec(`
      -- Paged directory reads walk these instead of sorting the whole table.
      CREATE INDEX users_by_name ON users (full_name COLLATE NOCASE, id);
      CREATE INDEX channels_by_name ON channels (name COLLATE NOCASE, id);

      -- Who is subscribed to each channel whose list the server told us (register, peer_* events).
      CREATE TABLE channel_subscribers (
        channel_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (channel_id, user_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX channel_subscribers_by_user ON channel_subscribers (user_id, channel_id);
      -- A row here means the channel's subscriber list is known (partial = only some of them).
      CREATE TABLE subscriber_lists (
        channel_id INTEGER PRIMARY KEY,
        partial INTEGER NOT NULL DEFAULT 0
      ) STRICT;

      CREATE TABLE user_groups (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        is_system_group INTEGER NOT NULL DEFAULT 0,
        deactivated INTEGER NOT NULL DEFAULT 0,
        -- can_*_group permission settings (group-setting values), by name.
        settings TEXT NOT NULL DEFAULT '{}',
        extra TEXT NOT NULL DEFAULT '{}'
      ) STRICT;
      CREATE INDEX user_groups_by_name ON user_groups (name COLLATE NOCASE, id);
      CREATE TABLE user_group_members (
        group_id INTEGER NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (group_id, user_id)
      ) STRICT, WITHOUT ROWID;
      -- Deactivating a user removes them from every group: found through this index.
      CREATE INDEX user_group_members_by_user ON user_group_members (user_id, group_id);
      CREATE TABLE user_group_subgroups (
        group_id INTEGER NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
        subgroup_id INTEGER NOT NULL,
        PRIMARY KEY (group_id, subgroup_id)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE channel_folders (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        rendered_description TEXT NOT NULL DEFAULT '',
        sort_order INTEGER NOT NULL DEFAULT 0,
        is_archived INTEGER NOT NULL DEFAULT 0,
        extra TEXT NOT NULL DEFAULT '{}'
      ) STRICT;
      CREATE INDEX channel_folders_by_order ON channel_folders (sort_order, id);

      -- Compose drafts. local_key is ours (the renderer holds it while typing); server_id is the
      -- drafts API's ID once the draft is synced. state: synced (same as the server), dirty (a
      -- local change not yet on the server) or deleted (deleted here, the server not yet told).
      CREATE TABLE drafts (
        local_key TEXT PRIMARY KEY,
        server_id INTEGER UNIQUE,
        type TEXT NOT NULL CHECK (type IN ('', 'stream', 'private')),
        recipients TEXT NOT NULL DEFAULT '[]',
        topic TEXT NOT NULL DEFAULT '',
        content TEXT NOT NULL DEFAULT '',
        -- UNIX seconds of the last edit, ours or the server's.
        timestamp INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('synced', 'dirty', 'deleted')),
        sync_error TEXT
      ) STRICT;
      CREATE INDEX drafts_by_time ON drafts (timestamp, local_key);
      CREATE INDEX drafts_by_state ON drafts (state);

      CREATE TABLE saved_snippets (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        content TEXT NOT NULL,
        date_created INTEGER NOT NULL DEFAULT 0
      ) STRICT;

      CREATE TABLE navigation_views (
        fragment TEXT PRIMARY KEY,
        is_pinned INTEGER NOT NULL,
        name TEXT,
        -- The server's order; new views go last.
        position INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX navigation_views_by_position ON navigation_views (position);

      CREATE TABLE custom_profile_fields (
        id INTEGER PRIMARY KEY,
        type INTEGER NOT NULL,
        sort_order INTEGER NOT NULL DEFAULT 0,
        name TEXT NOT NULL,
        hint TEXT NOT NULL DEFAULT '',
        -- As the server sends it: JSON text (choices for list fields, providers for external accounts).
        field_data TEXT NOT NULL DEFAULT '',
        display_in_profile_summary INTEGER NOT NULL DEFAULT 0,
        required INTEGER NOT NULL DEFAULT 0,
        editable_by_user INTEGER NOT NULL DEFAULT 1
      ) STRICT;
      CREATE INDEX custom_profile_fields_by_order ON custom_profile_fields (sort_order, id);

      CREATE TABLE realm_playgrounds (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        pygments_language TEXT NOT NULL,
        url_template TEXT NOT NULL
      ) STRICT;

      -- Topic visibility policies other than "none" (1 muted, 2 unmuted, 3 followed).
      CREATE TABLE user_topics (
        channel_id INTEGER NOT NULL,
        topic TEXT NOT NULL,
        visibility_policy INTEGER NOT NULL CHECK (visibility_policy IN (1, 2, 3)),
        last_updated INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (channel_id, topic)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE user_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

      -- Push registrations as the server reports them (main/push registers them).
      CREATE TABLE push_devices (
        push_account_id INTEGER PRIMARY KEY,
        status TEXT NOT NULL,
        error_code TEXT
      ) STRICT;
    `);
  },
};

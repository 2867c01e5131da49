/**
 * Tables for per-user and organization records: drafts, saved snippets, navigation views, custom
 * profile fields and their values, code playgrounds, and organization
 * settings changed through PATCH /realm. Appended to SCHEMA (schema.ts), so a new database gets
 * them; every table is new, so nothing in the first slice changes shape.
 */
export const RECORDS_SCHEMA = `
CREATE TABLE drafts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  type TEXT NOT NULL,              -- '', 'stream' or 'private'
  recipients TEXT NOT NULL,        -- JSON array: one channel ID, or user IDs, or []
  topic TEXT NOT NULL,
  content TEXT NOT NULL,
  last_edit_time REAL NOT NULL     -- Unix seconds, fractional as the client sent them
);
CREATE INDEX drafts_by_user ON drafts(user_id, last_edit_time);

CREATE TABLE saved_snippets (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  date_created INTEGER NOT NULL
);
CREATE INDEX saved_snippets_by_user ON saved_snippets(user_id, id);

CREATE TABLE navigation_views (
  user_id INTEGER NOT NULL REFERENCES users(id),
  fragment TEXT NOT NULL,
  is_pinned INTEGER NOT NULL,
  name TEXT,
  position INTEGER NOT NULL,       -- creation order, which is the order the API lists them in
  PRIMARY KEY (user_id, fragment)
);

CREATE TABLE custom_profile_fields (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  hint TEXT NOT NULL DEFAULT '',
  field_type INTEGER NOT NULL,
  field_data TEXT NOT NULL DEFAULT '',   -- JSON text as the API reports it ('' when unused)
  sort_order INTEGER NOT NULL,
  display_in_profile_summary INTEGER NOT NULL DEFAULT 0,
  required INTEGER NOT NULL DEFAULT 0,
  editable_by_user INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE custom_profile_values (
  user_id INTEGER NOT NULL REFERENCES users(id),
  field_id INTEGER NOT NULL REFERENCES custom_profile_fields(id) ON DELETE CASCADE,
  value TEXT NOT NULL,
  rendered_value TEXT,
  PRIMARY KEY (user_id, field_id)
) WITHOUT ROWID;

CREATE TABLE realm_playgrounds (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  pygments_language TEXT NOT NULL,
  url_template TEXT NOT NULL,
  UNIQUE (pygments_language, name)
);

-- Organization settings changed since the seed, as JSON values keyed by their API name without
-- the realm_ prefix (e.g. create_multiuse_invite_group). Unlisted settings keep their defaults.
CREATE TABLE realm_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);

-- Email domains whose owners may join without an invitation (when the organization restricts
-- sign-up to them); allow_subdomains also admits any subdomain.
CREATE TABLE realm_domains (
  id INTEGER PRIMARY KEY,
  domain TEXT NOT NULL UNIQUE,
  allow_subdomains INTEGER NOT NULL DEFAULT 0
);

-- Defaults for new users' settings that administrators changed (PATCH /realm/user_settings_defaults),
-- as JSON values keyed by the user_settings name. Unlisted settings keep the built-in defaults.
CREATE TABLE realm_user_defaults (name TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

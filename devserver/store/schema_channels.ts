/**
 * Tables for channel organization beyond the first slice: channel folders (Zulip's ChannelFolder).
 * Appended to SCHEMA (schema.ts); every table here is new, so nothing existing changes shape.
 */
export const CHANNELS_SCHEMA = `
CREATE TABLE channel_folders (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  description TEXT NOT NULL DEFAULT '',
  rendered_description TEXT NOT NULL DEFAULT '',
  date_created INTEGER NOT NULL,
  creator_id INTEGER REFERENCES users(id),
  sort_order INTEGER NOT NULL,     -- the API's "order": 0-based display position
  is_archived INTEGER NOT NULL DEFAULT 0
);
`;

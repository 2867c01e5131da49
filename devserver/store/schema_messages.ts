/**
 * Tables for the messages area beyond the first slice: per-user topic visibility (Zulip's
 * UserTopic). Appended to SCHEMA (schema.ts); new tables only, so nothing earlier changes shape.
 */
export const MESSAGES_SCHEMA = `
-- 1 muted, 2 unmuted, 3 followed; no row means inherit. Topic names match case-insensitively.
CREATE TABLE user_topics (
  user_id INTEGER NOT NULL REFERENCES users(id),
  channel_id INTEGER NOT NULL REFERENCES channels(id),
  topic_name TEXT NOT NULL COLLATE NOCASE,
  visibility_policy INTEGER NOT NULL,
  last_updated INTEGER NOT NULL,
  PRIMARY KEY (user_id, channel_id, topic_name)
) WITHOUT ROWID;
CREATE INDEX user_topics_by_topic ON user_topics(channel_id, topic_name);
`;

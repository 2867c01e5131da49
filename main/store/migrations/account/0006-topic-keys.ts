/**
 * Topics match without regard to letter case (../../topic-key.ts): messages, unreads, the topic
 * list and topic visibility policies get a topic_key column, and the topic lookups index it.
 * The topic list and the policies keep one row per folded topic: the newest spelling (the topic
 * list) or the most recently updated policy wins. Topic ranges are dropped: they were keyed by the
 * exact spelling, and what they claimed is refetched where it is missing.
 */
import { topicKey } from '../../topic-key';
import type { Migration } from '../../migrate';

export const topicKeys: Migration = {
  version: 6,
  name: 'topic-keys',
  up(db) {
    // Only for this migration's statements: the app writes topic_key itself, so no index or
    // trigger needs this function on other connections.
    db.function('parley_topic_key', { deterministic: true }, (name: unknown) => topicKey(String(name)));
    db.exec(`
      ALTER TABLE messages ADD COLUMN topic_key TEXT NOT NULL DEFAULT '';
      UPDATE messages SET topic_key = parley_topic_key(topic) WHERE channel_id IS NOT NULL;
      DROP INDEX messages_by_topic;
      CREATE INDEX messages_by_topic ON messages (channel_id, topic_key, id);

      ALTER TABLE unreads ADD COLUMN topic_key TEXT;
      UPDATE unreads SET topic_key = parley_topic_key(topic) WHERE topic IS NOT NULL;
      DROP INDEX unreads_by_topic;
      CREATE INDEX unreads_by_topic ON unreads (channel_id, topic_key);

      CREATE TABLE topics_by_key (
        channel_id INTEGER NOT NULL,
        topic_key TEXT NOT NULL,
        name TEXT NOT NULL,
        max_message_id INTEGER NOT NULL,
        PRIMARY KEY (channel_id, topic_key)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO topics_by_key (channel_id, topic_key, name, max_message_id)
        SELECT channel_id, parley_topic_key(name), name, max_message_id FROM topics WHERE true
        ORDER BY max_message_id
        ON CONFLICT (channel_id, topic_key) DO UPDATE SET name = excluded.name, max_message_id = excluded.max_message_id;
      DROP TABLE topics;
      ALTER TABLE topics_by_key RENAME TO topics;
      CREATE INDEX topics_by_recency ON topics (channel_id, max_message_id);

      CREATE TABLE user_topics_by_key (
        channel_id INTEGER NOT NULL,
        topic_key TEXT NOT NULL,
        topic TEXT NOT NULL,
        visibility_policy INTEGER NOT NULL CHECK (visibility_policy IN (1, 2, 3)),
        last_updated INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (channel_id, topic_key)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO user_topics_by_key (channel_id, topic_key, topic, visibility_policy, last_updated)
        SELECT channel_id, parley_topic_key(topic), topic, visibility_policy, last_updated FROM user_topics WHERE true
        ORDER BY last_updated
        ON CONFLICT (channel_id, topic_key) DO UPDATE SET topic = excluded.topic,
          visibility_policy = excluded.visibility_policy, last_updated = excluded.last_updated;
      DROP TABLE user_topics;
      ALTER TABLE user_topics_by_key RENAME TO user_topics;

      DELETE FROM message_ranges WHERE narrow_key LIKE 'topic:%';
    `);
  },
};

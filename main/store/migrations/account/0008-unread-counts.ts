/**
 * Unread counts per topic and per DM conversation, kept by triggers on the unreads table, so the
 * sidebar and the unread totals read a row per conversation instead of grouping every unread
 * message on each incoming one (flat from 1,000 to 100,000 unread, issue 10). Triggers run
 * inside the writer's transaction, so a rolled-back write leaves the counts as they were.
 *
 * An update moves a message (a topic renamed or moved) or rewrites it in place (an upsert): the
 * old conversation's row is recounted and the new one's counted, in either order, with the same
 * result. Each row also keeps the newest unread message's ID and, for topics, its spelling (the topic
 * list shows the newest spelling of a topic, whatever the case of older messages).
 */
import type { Migration } from '../../migrate';

// The trigger bodies are exported for migration 15, which recreates these triggers with a pause.

/** The newest unread of one topic, and its spelling, after `old` left it. */
export const refreshTopic = (channel: string, key: string) => `
  UPDATE unread_topic_counts SET
    count = count - 1,
    max_id = coalesce((SELECT max(message_id) FROM unreads WHERE channel_id = ${channel} AND topic_key = ${key}), 0),
    topic = coalesce(
      (SELECT topic FROM unreads WHERE channel_id = ${channel} AND topic_key = ${key} ORDER BY message_id DESC LIMIT 1),
      topic)
  WHERE channel_id = ${channel} AND topic_key = ${key};
  DELETE FROM unread_topic_counts WHERE channel_id = ${channel} AND topic_key = ${key} AND count <= 0;`;

export const refreshDm = (dm: string) => `
  UPDATE unread_dm_counts SET
    count = count - 1,
    max_id = coalesce((SELECT max(message_id) FROM unreads WHERE dm_key = ${dm}), 0)
  WHERE dm_key = ${dm};
  DELETE FROM unread_dm_counts WHERE dm_key = ${dm} AND count <= 0;`;

export const addTopic = `
  INSERT INTO unread_topic_counts (channel_id, topic_key, topic, count, max_id)
  VALUES (NEW.channel_id, NEW.topic_key, NEW.topic, 1, NEW.message_id)
  ON CONFLICT (channel_id, topic_key) DO UPDATE SET
    count = count + 1,
    topic = CASE WHEN excluded.max_id >= max_id THEN excluded.topic ELSE topic END,
    max_id = max(max_id, excluded.max_id);`;

export const addDm = `
  INSERT INTO unread_dm_counts (dm_key, count, max_id) VALUES (NEW.dm_key, 1, NEW.message_id)
  ON CONFLICT (dm_key) DO UPDATE SET count = count + 1, max_id = max(max_id, excluded.max_id);`;

export const unreadCounts: Migration = {
  version: 8,
  name: 'unread-counts',
  up(db) {
    db.exec(`
      CREATE TABLE unread_topic_counts (
        channel_id INTEGER NOT NULL,
        topic_key TEXT NOT NULL,
        topic TEXT NOT NULL,
        count INTEGER NOT NULL,
        max_id INTEGER NOT NULL,
        PRIMARY KEY (channel_id, topic_key)
      ) WITHOUT ROWID;
      CREATE TABLE unread_dm_counts (
        dm_key TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        max_id INTEGER NOT NULL
      ) WITHOUT ROWID;

      INSERT INTO unread_topic_counts (channel_id, topic_key, topic, count, max_id)
        SELECT channel_id, topic_key, topic, count(*), max(message_id)
        FROM unreads WHERE channel_id IS NOT NULL GROUP BY channel_id, topic_key;
      INSERT INTO unread_dm_counts (dm_key, count, max_id)
        SELECT dm_key, count(*), max(message_id) FROM unreads WHERE dm_key IS NOT NULL GROUP BY dm_key;

      CREATE TRIGGER unread_counts_insert_topic AFTER INSERT ON unreads WHEN NEW.channel_id IS NOT NULL BEGIN
        ${addTopic}
      END;
      CREATE TRIGGER unread_counts_insert_dm AFTER INSERT ON unreads WHEN NEW.dm_key IS NOT NULL BEGIN
        ${addDm}
      END;

      CREATE TRIGGER unread_counts_delete_topic AFTER DELETE ON unreads WHEN OLD.channel_id IS NOT NULL BEGIN
        ${refreshTopic('OLD.channel_id', 'OLD.topic_key')}
      END;
      CREATE TRIGGER unread_counts_delete_dm AFTER DELETE ON unreads WHEN OLD.dm_key IS NOT NULL BEGIN
        ${refreshDm('OLD.dm_key')}
      END;

      CREATE TRIGGER unread_counts_update_topic AFTER UPDATE OF channel_id, topic_key, topic, dm_key ON unreads WHEN OLD.channel_id IS NOT NULL BEGIN
        ${refreshTopic('OLD.channel_id', 'OLD.topic_key')}
      END;
      CREATE TRIGGER unread_counts_update_dm AFTER UPDATE OF channel_id, topic_key, topic, dm_key ON unreads WHEN OLD.dm_key IS NOT NULL BEGIN
        ${refreshDm('OLD.dm_key')}
      END;
      CREATE TRIGGER unread_counts_update_new_topic AFTER UPDATE OF channel_id, topic_key, topic, dm_key ON unreads WHEN NEW.channel_id IS NOT NULL BEGIN
        ${addTopic}
      END;
      CREATE TRIGGER unread_counts_update_new_dm AFTER UPDATE OF channel_id, topic_key, topic, dm_key ON unreads WHEN NEW.dm_key IS NOT NULL BEGIN
        ${addDm}
      END;
    `);
  },
};

/**
 * Topics seen per channel with their newest message ID, for the sidebar's "recent topics". One row
 * per topic whatever the case of its spelling (../topic-key.ts); it shows the newest message's spelling.
 */
import type { Db } from '../db';
import { topicKey } from '../topic-key';

export interface TopicRow {
  channelId: number;
  name: string;
  maxMessageId: number;
}

export class TopicsRepo {
  readonly #upsert;
  readonly #recent;
  readonly #remove;

  constructor(db: Db) {
    this.#upsert = db.prepare(
      `INSERT INTO topics (channel_id, topic_key, name, max_message_id) VALUES (?, ?, ?, ?)
       ON CONFLICT (channel_id, topic_key) DO UPDATE SET
         name = CASE WHEN excluded.max_message_id >= max_message_id THEN excluded.name ELSE name END,
         max_message_id = max(max_message_id, excluded.max_message_id)`,
    );
    this.#recent = db.prepare(
      `SELECT channel_id AS channelId, name, max_message_id AS maxMessageId FROM topics
       WHERE channel_id = ? ORDER BY max_message_id DESC LIMIT ?`,
    );
    this.#remove = db.prepare('DELETE FROM topics WHERE channel_id = ? AND topic_key = ?');
  }

  /** Records that the topic has a message with this ID (keeps the larger ID and its spelling). */
  note(channelId: number, name: string, messageId: number): void {
    this.#upsert.run(channelId, topicKey(name), name, messageId);
  }

  recent(channelId: number, limit: number): TopicRow[] {
    return this.#recent.all(channelId, limit) as TopicRow[];
  }

  remove(channelId: number, name: string): void {
    this.#remove.run(channelId, topicKey(name));
  }
}

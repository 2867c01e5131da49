/** Topics seen per channel with their newest message ID, for the sidebar's "recent topics". */
import type { Db } from '../db';

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
      `INSERT INTO topics (channel_id, name, max_message_id) VALUES (?, ?, ?)
       ON CONFLICT (channel_id, name) DO UPDATE SET max_message_id = max(max_message_id, excluded.max_message_id)`,
    );
    this.#recent = db.prepare(
      `SELECT channel_id AS channelId, name, max_message_id AS maxMessageId FROM topics
       WHERE channel_id = ? ORDER BY max_message_id DESC LIMIT ?`,
    );
    this.#remove = db.prepare('DELETE FROM topics WHERE channel_id = ? AND name = ?');
  }

  /** Records that the topic has a message with this ID (keeps the larger ID). */
  note(channelId: number, name: string, messageId: number): void {
    this.#upsert.run(channelId, name, messageId);
  }

  recent(channelId: number, limit: number): TopicRow[] {
    return this.#recent.all(channelId, limit) as TopicRow[];
  }

  remove(channelId: number, name: string): void {
    this.#remove.run(channelId, name);
  }
}

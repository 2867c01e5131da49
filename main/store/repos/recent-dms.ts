/** Direct-message conversations by recency (register's recent_private_conversations, then message events). */
import type { Db } from '../db';

export interface RecentDm {
  dmKey: string;
  maxMessageId: number;
}

export class RecentDmsRepo {
  readonly #db: Db;
  readonly #upsert;
  readonly #deleteAll;
  readonly #recent;

  constructor(db: Db) {
    this.#db = db;
    this.#upsert = db.prepare(
      `INSERT INTO recent_dms (dm_key, max_message_id) VALUES (?, ?)
       ON CONFLICT (dm_key) DO UPDATE SET max_message_id = max(max_message_id, excluded.max_message_id)`,
    );
    this.#deleteAll = db.prepare('DELETE FROM recent_dms');
    this.#recent = db.prepare(
      'SELECT dm_key AS dmKey, max_message_id AS maxMessageId FROM recent_dms ORDER BY max_message_id DESC LIMIT ?',
    );
  }

  replaceAll(list: readonly RecentDm[]): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const dm of list) this.note(dm.dmKey, dm.maxMessageId);
    })();
  }

  note(dmKey: string, messageId: number): void {
    this.#upsert.run(dmKey, messageId);
  }

  recent(limit: number): RecentDm[] {
    return this.#recent.all(limit) as RecentDm[];
  }
}

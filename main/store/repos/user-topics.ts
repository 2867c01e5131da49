/**
 * Topic visibility policies (muted, unmuted, followed); a topic without a row has none. Matched
 * without regard to case, as the server does (../topic-key.ts).
 */
import type { Db } from '../db';
import { topicKey } from '../topic-key';

/** 0 none, 1 muted, 2 unmuted (in a muted channel), 3 followed. */
export type VisibilityPolicy = 0 | 1 | 2 | 3;

export interface StoredUserTopic {
  channelId: number;
  topic: string;
  policy: VisibilityPolicy;
  lastUpdated: number;
}

const COLUMNS = 'channel_id AS channelId, topic, visibility_policy AS policy, last_updated AS lastUpdated';

export class UserTopicsRepo {
  readonly #db: Db;
  readonly #upsert;
  readonly #remove;
  readonly #get;
  readonly #ofChannel;
  readonly #all;
  readonly #deleteAll;

  constructor(db: Db) {
    this.#db = db;
    this.#upsert = db.prepare(
      `INSERT INTO user_topics (channel_id, topic_key, topic, visibility_policy, last_updated) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (channel_id, topic_key) DO UPDATE SET topic = excluded.topic,
         visibility_policy = excluded.visibility_policy, last_updated = excluded.last_updated`,
    );
    this.#remove = db.prepare('DELETE FROM user_topics WHERE channel_id = ? AND topic_key = ?');
    this.#get = db.prepare(`SELECT ${COLUMNS} FROM user_topics WHERE channel_id = ? AND topic_key = ?`);
    this.#ofChannel = db.prepare(`SELECT ${COLUMNS} FROM user_topics WHERE channel_id = ? ORDER BY topic`);
    this.#all = db.prepare(`SELECT ${COLUMNS} FROM user_topics ORDER BY channel_id, topic`);
    this.#deleteAll = db.prepare('DELETE FROM user_topics');
  }

  replaceAll(list: readonly StoredUserTopic[]): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const t of list) this.set(t);
    })();
  }

  /** Policy 0 removes the row; an unknown policy is the caller's to reject. */
  set(t: StoredUserTopic): void {
    if (t.policy === 0) this.#remove.run(t.channelId, topicKey(t.topic));
    else this.#upsert.run(t.channelId, topicKey(t.topic), t.topic, t.policy, t.lastUpdated);
  }

  policyOf(channelId: number, topic: string): VisibilityPolicy {
    return ((this.#get.get(channelId, topicKey(topic)) as StoredUserTopic | undefined)?.policy ??
      0) as VisibilityPolicy;
  }

  ofChannel(channelId: number): StoredUserTopic[] {
    return this.#ofChannel.all(channelId) as StoredUserTopic[];
  }

  all(): StoredUserTopic[] {
    return this.#all.all() as StoredUserTopic[];
  }
}

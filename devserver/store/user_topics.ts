import type { Database } from 'better-sqlite3';

/** Zulip's topic visibility policies; "inherit" is the absence of a row. */
export const VISIBILITY = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const;

export interface UserTopicRow {
  user_id: number;
  channel_id: number;
  topic_name: string;
  visibility_policy: number;
  last_updated: number;
}

/**
 * Per-user topic visibility (muted, unmuted, followed). Topic names match case-insensitively, as
 * Zulip's do; setting a policy again keeps one row and takes the newest spelling.
 */
export class UserTopicsRepo {
  private readonly selectOne;
  private readonly selectOfUser;
  private readonly selectOfTopic;
  private readonly upsert;
  private readonly deleteOne;

  constructor(db: Database) {
    this.selectOne = db.prepare<[number, number, string], UserTopicRow>(
      'SELECT * FROM user_topics WHERE user_id = ? AND channel_id = ? AND topic_name = ?',
    );
    this.selectOfUser = db.prepare<[number], UserTopicRow>(
      'SELECT * FROM user_topics WHERE user_id = ? ORDER BY last_updated, channel_id, topic_name',
    );
    this.selectOfTopic = db.prepare<[number, string], UserTopicRow>(
      'SELECT * FROM user_topics WHERE channel_id = ? AND topic_name = ? ORDER BY user_id',
    );
    this.upsert = db.prepare<[number, number, string, number, number]>(
      `INSERT INTO user_topics (user_id, channel_id, topic_name, visibility_policy, last_updated)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, channel_id, topic_name) DO UPDATE SET
         topic_name = excluded.topic_name, visibility_policy = excluded.visibility_policy,
         last_updated = excluded.last_updated`,
    );
    this.deleteOne = db.prepare<[number, number, string]>(
      'DELETE FROM user_topics WHERE user_id = ? AND channel_id = ? AND topic_name = ?',
    );
  }

  get(userId: number, channelId: number, topic: string): UserTopicRow | undefined {
    return this.selectOne.get(userId, channelId, topic);
  }

  /** The user's policy for a topic, 0 (inherit) when none is set. */
  policy(userId: number, channelId: number, topic: string): number {
    return this.get(userId, channelId, topic)?.visibility_policy ?? VISIBILITY.inherit;
  }

  /** Every topic the user set a policy for, oldest change first. */
  ofUser(userId: number): UserTopicRow[] {
    return this.selectOfUser.all(userId);
  }

  /** Every user's policy for one topic. */
  ofTopic(channelId: number, topic: string): UserTopicRow[] {
    return this.selectOfTopic.all(channelId, topic);
  }

  /** Sets a policy; inherit (0) removes the row. */
  set(userId: number, channelId: number, topic: string, policy: number, lastUpdated: number): void {
    if (policy === VISIBILITY.inherit) this.deleteOne.run(userId, channelId, topic);
    else this.upsert.run(userId, channelId, topic, policy, lastUpdated);
  }
}

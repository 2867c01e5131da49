import type { Database } from 'better-sqlite3';

export interface UnreadRow {
  message_id: number;
  flags: number;
  recipient_id: number;
  channel_id: number | null;
  topic: string;
}

/** Per-user summaries that POST /register reports: unreads, stars, recent conversations. */
export class UserStateQueries {
  private readonly selectUnread;
  private readonly selectStarred;
  private readonly selectRecentDirect;

  constructor(db: Database) {
    this.selectUnread = db.prepare<[number, number], UnreadRow>(
      `SELECT um.message_id, um.flags, m.recipient_id, m.channel_id, m.topic
       FROM user_messages um JOIN messages m ON m.id = um.message_id
       WHERE um.user_id = ? AND (um.flags & 1) = 0 ORDER BY um.message_id LIMIT ?`,
    );
    this.selectStarred = db.prepare<[number], { message_id: number }>(
      'SELECT message_id FROM user_messages WHERE user_id = ? AND (flags & 2) != 0 ORDER BY message_id',
    );
    // Driven by the user's conversations and the (recipient_id, id) index, not by a message scan.
    this.selectRecentDirect = db.prepare<[number, number], { recipient_id: number; max_id: number }>(
      `SELECT rm.recipient_id, (SELECT max(id) FROM messages WHERE recipient_id = rm.recipient_id) AS max_id
       FROM recipient_members rm WHERE rm.user_id = ? AND max_id IS NOT NULL
       ORDER BY max_id DESC LIMIT ?`,
    );
  }

  /** Oldest-first unread rows, at most `limit` (Zulip stops at 50000 and says so). */
  unread(userId: number, limit: number): UnreadRow[] {
    return this.selectUnread.all(userId, limit);
  }

  starred(userId: number): number[] {
    return this.selectStarred.all(userId).map((row) => row.message_id);
  }

  recentDirect(userId: number, limit: number): Array<{ recipient_id: number; max_id: number }> {
    return this.selectRecentDirect.all(userId, limit);
  }
}

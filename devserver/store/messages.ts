import type { Database } from 'better-sqlite3';
import { UntilWrite } from './until_write';
import type { MessageRow, ReactionRow } from './rows';

export interface NewMessage {
  sender_id: number;
  recipient_id: number;
  channel_id: number | null;
  topic: string;
  content: string;
  rendered_content: string;
  date_sent: number;
  client: string;
  is_me_message: boolean;
  last_edit_timestamp?: number | null;
  last_moved_timestamp?: number | null;
  edit_history?: unknown[] | null;
}

export interface NewReaction {
  message_id: number;
  user_id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type?: string;
}

export interface ChannelStats {
  firstId: number;
  recent: number;
  lastSent: number;
}

/** Messages, their per-user rows (flags) and reactions. Batch reads take a JSON array of IDs. */
export class MessagesRepo {
  private readonly insertStmt;
  private readonly insertUserMessage;
  private readonly insertReaction;
  private readonly selectByIds;
  private readonly selectReactions;
  private readonly selectFlags;
  private readonly selectMaxId;
  private readonly selectChannelStats;
  private readonly stats: UntilWrite<ReadonlyMap<number, ChannelStats>>;

  constructor(db: Database) {
    this.stats = new UntilWrite(db);
    this.insertStmt = db.prepare(
      `INSERT INTO messages (sender_id, recipient_id, channel_id, topic, content, rendered_content, date_sent, client,
         is_me_message, last_edit_timestamp, last_moved_timestamp, edit_history)
       VALUES (@sender_id, @recipient_id, @channel_id, @topic, @content, @rendered_content, @date_sent, @client,
         @is_me_message, @last_edit_timestamp, @last_moved_timestamp, @edit_history)`,
    );
    this.insertUserMessage = db.prepare<[number, number, number]>(
      'INSERT INTO user_messages (user_id, message_id, flags) VALUES (?, ?, ?)',
    );
    this.insertReaction = db.prepare(
      `INSERT OR IGNORE INTO reactions (message_id, user_id, emoji_name, emoji_code, reaction_type)
       VALUES (@message_id, @user_id, @emoji_name, @emoji_code, @reaction_type)`,
    );
    this.selectByIds = db.prepare<[string], MessageRow>(
      'SELECT * FROM messages WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
    );
    this.selectReactions = db.prepare<[string], ReactionRow>(
      `SELECT message_id, user_id, emoji_name, emoji_code, reaction_type FROM reactions WHERE message_id IN (SELECT value FROM json_each(?))
       ORDER BY message_id, id`,
    );
    this.selectFlags = db.prepare<[number, string], { message_id: number; flags: number }>(
      `SELECT message_id, flags FROM user_messages
       WHERE user_id = ? AND message_id IN (SELECT value FROM json_each(?))`,
    );
    this.selectMaxId = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM messages');
    this.selectChannelStats = db.prepare<
      [number],
      { channel_id: number; first_id: number; recent: number; last_sent: number }
    >(
      `SELECT channel_id, min(id) AS first_id, sum(date_sent >= ?) AS recent, max(date_sent) AS last_sent
       FROM messages WHERE channel_id IS NOT NULL GROUP BY channel_id`,
    );
  }

  insert(message: NewMessage): number {
    const result = this.insertStmt.run({
      ...message,
      is_me_message: message.is_me_message ? 1 : 0,
      last_edit_timestamp: message.last_edit_timestamp ?? null,
      last_moved_timestamp: message.last_moved_timestamp ?? null,
      edit_history: message.edit_history ? JSON.stringify(message.edit_history) : null,
    });
    return Number(result.lastInsertRowid);
  }

  deliver(userId: number, messageId: number, flags: number): void {
    this.insertUserMessage.run(userId, messageId, flags);
  }

  react(reaction: NewReaction): void {
    this.insertReaction.run({ reaction_type: 'unicode_emoji', ...reaction });
  }

  byIds(ids: readonly number[]): MessageRow[] {
    return ids.length === 0 ? [] : this.selectByIds.all(JSON.stringify(ids));
  }

  reactionsFor(ids: readonly number[]): Map<number, ReactionRow[]> {
    const map = new Map<number, ReactionRow[]>();
    if (ids.length === 0) return map;
    for (const row of this.selectReactions.all(JSON.stringify(ids))) {
      const list = map.get(row.message_id) ?? [];
      list.push(row);
      map.set(row.message_id, list);
    }
    return map;
  }

  /** The user's flag bits per message; messages without a row are absent (historical). */
  flagsFor(userId: number, ids: readonly number[]): Map<number, number> {
    const map = new Map<number, number>();
    if (ids.length === 0) return map;
    for (const row of this.selectFlags.all(userId, JSON.stringify(ids))) map.set(row.message_id, row.flags);
    return map;
  }

  maxId(): number {
    return this.selectMaxId.get()?.id ?? -1;
  }

  /**
   * Per channel: first message ID, messages sent since `since`, time of the last message. The
   * query reads every channel message (~1 s at 333k), so its answer is kept until the database
   * changes or `since` moves into another hour: weekly traffic an hour out of date is what Zulip
   * gives too (it counts traffic daily).
   */
  channelStats(since: number): ReadonlyMap<number, ChannelStats> {
    return this.stats.get(String(Math.floor(since / 3600)), () => {
      const stats = new Map<number, ChannelStats>();
      for (const row of this.selectChannelStats.all(since)) {
        stats.set(row.channel_id, { firstId: row.first_id, recent: row.recent, lastSent: row.last_sent });
      }
      return stats;
    });
  }
}

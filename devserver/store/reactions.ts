import type { Database } from 'better-sqlite3';
import type { ReactionRow } from './rows';

/**
 * Emoji reactions. A reaction is identified by (message, user, reaction_type, emoji_code): the
 * name is only a label, so two names for one emoji are the same reaction, as on Zulip.
 */
export class ReactionsRepo {
  private readonly selectOwn;
  private readonly selectAnyByCode;
  private readonly insertStmt;
  private readonly deleteStmt;
  private readonly selectReactorsInTopic;

  constructor(db: Database) {
    this.selectOwn = db.prepare<[number, number, string, string], ReactionRow>(
      `SELECT message_id, user_id, emoji_name, emoji_code, reaction_type FROM reactions
       WHERE message_id = ? AND user_id = ? AND reaction_type = ? AND emoji_code = ?`,
    );
    this.selectAnyByCode = db.prepare<[number, string, string], ReactionRow>(
      `SELECT message_id, user_id, emoji_name, emoji_code, reaction_type FROM reactions
       WHERE message_id = ? AND reaction_type = ? AND emoji_code = ? ORDER BY id LIMIT 1`,
    );
    this.insertStmt = db.prepare<[number, number, string, string, string]>(
      `INSERT INTO reactions (message_id, user_id, emoji_name, emoji_code, reaction_type) VALUES (?, ?, ?, ?, ?)`,
    );
    this.deleteStmt = db.prepare<[number, number, string, string]>(
      'DELETE FROM reactions WHERE message_id = ? AND user_id = ? AND reaction_type = ? AND emoji_code = ?',
    );
    this.selectReactorsInTopic = db.prepare<[number, string], { user_id: number }>(
      `SELECT DISTINCT r.user_id FROM reactions r JOIN messages m ON m.id = r.message_id
       WHERE m.recipient_id = ? AND m.topic = ? COLLATE NOCASE`,
    );
  }

  /** The user's own reaction with this emoji, if any. */
  own(messageId: number, userId: number, reactionType: string, emojiCode: string): ReactionRow | undefined {
    return this.selectOwn.get(messageId, userId, reactionType, emojiCode);
  }

  /** Anyone's reaction with this emoji on the message: a new one "votes" for it and takes its name. */
  existing(messageId: number, reactionType: string, emojiCode: string): ReactionRow | undefined {
    return this.selectAnyByCode.get(messageId, reactionType, emojiCode);
  }

  add(reaction: ReactionRow): void {
    this.insertStmt.run(
      reaction.message_id,
      reaction.user_id,
      reaction.emoji_name,
      reaction.emoji_code,
      reaction.reaction_type,
    );
  }

  remove(messageId: number, userId: number, reactionType: string, emojiCode: string): void {
    this.deleteStmt.run(messageId, userId, reactionType, emojiCode);
  }

  /** Users who reacted to any message of a topic (they count as its participants). */
  reactorsInTopic(recipientId: number, topic: string): number[] {
    return this.selectReactorsInTopic.all(recipientId, topic).map((row) => row.user_id);
  }
}

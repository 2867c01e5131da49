import type { Database } from 'better-sqlite3';

export interface ContentChange {
  content: string;
  rendered_content: string;
  is_me_message: boolean;
  last_edit_timestamp: number;
  edit_history: unknown[];
}

export interface Relocation {
  recipient_id: number;
  channel_id: number;
  topic: string;
  /** null keeps the message's previous value (resolving a topic is not a move). */
  last_moved_timestamp: number | null;
  edit_history: unknown[];
}

/**
 * Writes that change existing messages: edits, moves, deletions and per-user flag rows. Reads
 * of messages stay in MessagesRepo; these are the statements PATCH/DELETE /messages and the flag
 * routes need. Callers wrap multi-row changes in Store.transaction.
 */
export class MessageChangesRepo {
  private readonly updateContent;
  private readonly updatePlace;
  private readonly deleteReactions;
  private readonly deleteUserMessagesOf;
  private readonly deleteMessage;
  private readonly selectReceivers;
  private readonly selectTopicIds;
  private readonly upsertFlags;
  private readonly deleteUserMessage;

  constructor(db: Database) {
    this.updateContent = db.prepare(
      `UPDATE messages SET content = @content, rendered_content = @rendered_content, is_me_message = @is_me_message,
         last_edit_timestamp = @last_edit_timestamp, edit_history = @edit_history WHERE id = @id`,
    );
    this.updatePlace = db.prepare(
      `UPDATE messages SET recipient_id = @recipient_id, channel_id = @channel_id, topic = @topic,
         last_moved_timestamp = COALESCE(@last_moved_timestamp, last_moved_timestamp), edit_history = @edit_history
       WHERE id = @id`,
    );
    this.deleteReactions = db.prepare<[number]>('DELETE FROM reactions WHERE message_id = ?');
    this.deleteUserMessagesOf = db.prepare<[number]>('DELETE FROM user_messages WHERE message_id = ?');
    this.deleteMessage = db.prepare<[number]>('DELETE FROM messages WHERE id = ?');
    this.selectReceivers = db.prepare<[number], { user_id: number; flags: number }>(
      'SELECT user_id, flags FROM user_messages WHERE message_id = ? ORDER BY user_id',
    );
    this.selectTopicIds = db.prepare<[number, string, number], { id: number }>(
      'SELECT id FROM messages WHERE recipient_id = ? AND topic = ? COLLATE NOCASE AND id >= ? ORDER BY id',
    );
    this.upsertFlags = db.prepare<[number, number, number]>(
      `INSERT INTO user_messages (user_id, message_id, flags) VALUES (?, ?, ?)
       ON CONFLICT (user_id, message_id) DO UPDATE SET flags = excluded.flags`,
    );
    this.deleteUserMessage = db.prepare<[number, number]>(
      'DELETE FROM user_messages WHERE user_id = ? AND message_id = ?',
    );
  }

  setContent(id: number, change: ContentChange): void {
    this.updateContent.run({
      id,
      ...change,
      is_me_message: change.is_me_message ? 1 : 0,
      edit_history: JSON.stringify(change.edit_history),
    });
  }

  relocate(id: number, place: Relocation): void {
    this.updatePlace.run({ id, ...place, edit_history: JSON.stringify(place.edit_history) });
  }

  /** Removes messages with their reactions and per-user rows. */
  delete(ids: readonly number[]): void {
    for (const id of ids) {
      this.deleteReactions.run(id);
      this.deleteUserMessagesOf.run(id);
      this.deleteMessage.run(id);
    }
  }

  /** Users holding a user_messages row for the message, with their flag bits. */
  receivers(messageId: number): Map<number, number> {
    return new Map(this.selectReceivers.all(messageId).map((row) => [row.user_id, row.flags]));
  }

  /** IDs of a topic's messages from `fromId` on (0 for all), ascending. */
  topicIds(recipientId: number, topic: string, fromId = 0): number[] {
    return this.selectTopicIds.all(recipientId, topic, fromId).map((row) => row.id);
  }

  /** Writes a user's flag bits for a message, creating the row if needed. */
  setFlags(userId: number, messageId: number, flags: number): void {
    this.upsertFlags.run(userId, messageId, flags);
  }

  removeReceiver(userId: number, messageId: number): void {
    this.deleteUserMessage.run(userId, messageId);
  }
}

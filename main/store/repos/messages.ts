/**
 * Cached messages and their reactions. Narrow reads walk an index from the anchor outwards
 * (see messages_by_channel / messages_by_topic / messages_by_dm), bounded by a known range.
 * Every write also keeps the full-text index (./search-index.ts) and the starred set in step,
 * so no caller can forget them.
 */
import { writeReturning, type Db } from '../db';
import type { NarrowFilter } from '../narrows';
import {
  MESSAGE_COLUMNS,
  STATE_JOINS,
  UPSERT_COLUMNS,
  messageValues,
  parseFlags,
  rowToMessage,
  rowToReaction,
  type CachedMessage,
  type MessageHead,
  type MessageRow,
  type ReactionRow,
  type StoredMessage,
  type StoredReaction,
} from './message-rows';
import { messageText } from '../../search/message-text';
import { topicKey } from '../topic-key';
import { htmlHasLink, SearchIndex } from './search-index';
import { StarredRepo } from './starred';
import { filterParams, NEWEST_IN_TOPIC_SQL, narrowIdsSql, narrowReadSql } from './narrow-sql';

export { NEWEST_IN_TOPIC_SQL, narrowIdsSql, narrowReadSql } from './narrow-sql';

const FROM = `FROM messages m ${STATE_JOINS}`;

/** Where a cached message lies: what decides the narrows (and so the ranges) that hold it. */
export interface MessagePlace {
  id: number;
  channelId: number | null;
  topic: string;
  dmKey: string | null;
}

export class MessagesRepo {
  readonly #db: Db;
  readonly #index: SearchIndex;
  /** The full-text index these writes keep (its backlog is flushed by word searches, closed with the store). */
  get searchIndex(): SearchIndex {
    return this.#index;
  }
  readonly #starred: StarredRepo;
  readonly #narrowStatements = new Map<string, ReturnType<Db['prepare']>>();
  readonly #upsert;
  readonly #upsertInTransaction;
  readonly #insertReactionAt;
  readonly #deleteReactionsOf;
  readonly #insertReaction;
  readonly #deleteReaction;
  readonly #byIds;
  readonly #headsByIds;
  readonly #reactionsOf;
  readonly #delete;
  readonly #evict;
  readonly #setStarred;
  readonly #setOtherFlags;
  readonly #setContent;
  readonly #move;
  readonly #exists;
  readonly #existing;
  readonly #newestWhere;
  readonly #newest;

  constructor(db: Db) {
    this.#db = db;
    this.#index = new SearchIndex(db);
    this.#starred = new StarredRepo(db);
    this.#upsert = db.prepare(`
      INSERT INTO messages (id, sender_id, sender_full_name, sender_email, avatar_url, timestamp, content, content_type,
        channel_id, topic, dm_key, is_starred, other_flags, last_edit_timestamp, last_moved_timestamp, is_me_message, has_link,
        topic_key)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET sender_id = excluded.sender_id, sender_full_name = excluded.sender_full_name,
        sender_email = excluded.sender_email, avatar_url = excluded.avatar_url, timestamp = excluded.timestamp,
        content = excluded.content, content_type = excluded.content_type, channel_id = excluded.channel_id,
        topic = excluded.topic, dm_key = excluded.dm_key, is_starred = excluded.is_starred,
        other_flags = excluded.other_flags, last_edit_timestamp = excluded.last_edit_timestamp,
        last_moved_timestamp = excluded.last_moved_timestamp, is_me_message = excluded.is_me_message,
        has_link = excluded.has_link, topic_key = excluded.topic_key
      WHERE (messages.${UPSERT_COLUMNS.join(', messages.')}) IS NOT (excluded.${UPSERT_COLUMNS.join(', excluded.')})`);
    this.#upsertInTransaction = db.transaction((messages: readonly StoredMessage[]) => this.#write(messages));
    this.#deleteReactionsOf = db.prepare('DELETE FROM reactions WHERE message_id = ?');
    this.#insertReaction = db.prepare(
      `INSERT OR IGNORE INTO reactions (message_id, reaction_type, emoji_code, user_id, emoji_name)
       VALUES (@messageId, @reactionType, @emojiCode, @userId, @emojiName)`,
    );
    this.#insertReactionAt = db.prepare(
      `INSERT OR IGNORE INTO reactions (message_id, reaction_type, emoji_code, user_id, emoji_name)
       VALUES (?, ?, ?, ?, ?)`,
    );
    this.#deleteReaction = db.prepare(
      `DELETE FROM reactions WHERE message_id = @messageId AND reaction_type = @reactionType
       AND emoji_code = @emojiCode AND user_id = @userId`,
    );
    this.#byIds = db.prepare(
      `SELECT ${MESSAGE_COLUMNS} ${FROM} WHERE m.id IN (SELECT value FROM json_each(?)) ORDER BY m.id`,
    );
    this.#headsByIds = db.prepare(
      `SELECT m.id, m.sender_id, m.channel_id, m.topic, m.dm_key, m.other_flags, (u.message_id IS NOT NULL) AS is_unread
       FROM messages m LEFT JOIN unreads u ON u.message_id = m.id
       WHERE m.id IN (SELECT value FROM json_each(?)) ORDER BY m.id`,
    );
    this.#reactionsOf = db.prepare(
      'SELECT * FROM reactions WHERE message_id IN (SELECT value FROM json_each(?)) ORDER BY message_id, rowid',
    );
    this.#delete = db.prepare('DELETE FROM messages WHERE id = ? RETURNING id');
    this.#evict = db.prepare(
      'DELETE FROM messages WHERE id = ? RETURNING id, channel_id AS channelId, topic, dm_key AS dmKey',
    );
    // is_starred is kept for old readers of the file; the starred table is what reads use.
    this.#setStarred = db.prepare('UPDATE messages SET is_starred = ? WHERE id = ? RETURNING id');
    this.#setOtherFlags = db.prepare('UPDATE messages SET other_flags = ? WHERE id = ?');
    this.#setContent = db.prepare(
      `UPDATE messages SET content = @content, has_link = @hasLink,
       last_edit_timestamp = coalesce(@editedAt, last_edit_timestamp) WHERE id = @id RETURNING topic`,
    );
    this.#move = db.prepare(
      `UPDATE messages SET channel_id = @channelId, topic = @topic, topic_key = @topicKey,
       last_moved_timestamp = coalesce(@movedAt, last_moved_timestamp) WHERE id = @id RETURNING content`,
    );
    this.#exists = db.prepare('SELECT 1 FROM messages WHERE id = ?').pluck();
    this.#existing = db
      .prepare('SELECT id FROM messages WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id')
      .pluck();
    this.#newestWhere = db.prepare(NEWEST_IN_TOPIC_SQL).pluck();
    this.#newest = db.prepare('SELECT max(id) FROM messages').pluck();
  }

  /**
   * Inserts or replaces messages with their reactions, search text and starred state, in one
   * transaction. Inside the caller's transaction it adds no savepoint of its own: nesting one per
   * call cost more than the rows themselves on the event path. Returns the IDs that were not
   * cached before.
   */
  upsertMany(messages: readonly StoredMessage[]): number[] {
    if (this.#db.inTransaction) return this.#write(messages);
    return this.#upsertInTransaction(messages) as number[];
  }

  /** Returns the IDs that were not cached before, in the order given. */
  #write(messages: readonly StoredMessage[]): number[] {
    // A catch-up brings mostly messages not cached yet, which have no reactions to clear (they
    // cascade with their message): one lookup for the batch is cheaper than a delete per message.
    // The star is always written: the starred table also holds IDs of messages not cached.
    const ids = messages.map((m) => m.id);
    const cached = new Set(this.cachedIds(ids));
    const added: number[] = [];
    const stars: Record<'on' | 'off', number[]> = { on: [], off: [] };
    const rewritten: number[] = [];
    for (const m of messages) {
      // A copy equal to the cached row writes nothing (the upsert's WHERE): a page fetched over
      // messages the event queue just brought rewrote every row and its indexes (issue 28 item 7).
      const { changes } = this.#upsert.run(messageValues(m, htmlHasLink(m.content)));
      if (changes > 0) rewritten.push(m.id);
      stars[m.starred ? 'on' : 'off'].push(m.id);
      if (cached.has(m.id)) this.#deleteReactionsOf.run(m.id);
      else added.push(m.id);
      for (const r of m.reactions) {
        this.#insertReactionAt.run(m.id, r.reactionType, r.emojiCode, r.userId, r.emojiName);
      }
    }
    // Batched, one statement each (per message they were a fifth of a catch-up's storing).
    // Words are indexed in the background: a page is answered without waiting for FTS5. A row
    // left as it was keeps its indexed words.
    this.#index.queue(rewritten);
    this.#starred.set(stars.on, true);
    this.#starred.set(stars.off, false);
    return added;
  }

  has(id: number): boolean {
    return this.#exists.get(id) !== undefined;
  }

  /** Which of these IDs are cached, sorted. */
  cachedIds(ids: readonly number[]): number[] {
    return ids.length === 0 ? [] : (this.#existing.all(JSON.stringify(ids)) as number[]);
  }

  /** The cached ones among these IDs, sorted by ID. */
  getByIds(ids: readonly number[]): CachedMessage[] {
    if (ids.length === 0) return [];
    const rows = this.#byIds.all(JSON.stringify(ids)) as MessageRow[];
    return this.#withReactions(rows);
  }

  /** getByIds without content or reactions: what deciding about new messages reads (MessageHead). */
  headsByIds(ids: readonly number[]): MessageHead[] {
    if (ids.length === 0) return [];
    const rows = this.#headsByIds.all(JSON.stringify(ids)) as Pick<
      MessageRow,
      'id' | 'sender_id' | 'channel_id' | 'topic' | 'dm_key' | 'other_flags' | 'is_unread'
    >[];
    return rows.map((r) => ({
      id: r.id,
      senderId: r.sender_id,
      channelId: r.channel_id,
      topic: r.topic,
      dmKey: r.dm_key,
      otherFlags: parseFlags(r.other_flags),
      read: r.is_unread === 0,
    }));
  }

  /** Up to `limit` messages of the narrow with lo <= id < below, oldest first. */
  readBefore(filter: NarrowFilter, below: number, lo: number, limit: number): CachedMessage[] {
    const stmt = this.#narrowStatement(filter, 'before');
    const rows = stmt.all({ ...filterParams(filter), below, lo, limit }) as MessageRow[];
    return this.#withReactions(rows.reverse());
  }

  /** Up to `limit` messages of the narrow with above < id <= hi, oldest first. */
  readAfter(filter: NarrowFilter, above: number, hi: number, limit: number): CachedMessage[] {
    const stmt = this.#narrowStatement(filter, 'after');
    const rows = stmt.all({ ...filterParams(filter), above, hi, limit }) as MessageRow[];
    return this.#withReactions(rows);
  }

  /** The newest cached message of all, or 0 when the cache holds none. */
  newestId(): number {
    return (this.#newest.get() as number | null) ?? 0;
  }

  /** The newest cached message of a topic, if any. */
  newestInTopic(channelId: number, topic: string): number | null {
    return (this.#newestWhere.get(channelId, topicKey(topic)) as number | null) ?? null;
  }

  /** IDs of the narrow's cached messages with lo <= id <= hi (what a fetched page over [lo, hi] must account for). */
  idsIn(filter: NarrowFilter, lo: number, hi: number): number[] {
    const stmt = this.#narrowIds(filter);
    return stmt.all({ ...filterParams(filter), lo, hi }) as number[];
  }

  /**
   * Drops cached copies that the server no longer vouches for where the cache had them; the
   * starred table (the server's list, cached or not) is left alone. Returns where each one that
   * was cached lay (read by the delete itself: no row is read whole), in the order given.
   */
  evict(ids: readonly number[]): MessagePlace[] {
    const evicted: MessagePlace[] = [];
    for (const id of ids) {
      const place = writeReturning<MessagePlace>(this.#evict, id);
      if (place === undefined) continue;
      this.#index.remove(id);
      evicted.push(place);
    }
    return evicted;
  }

  /** Deletes these messages (reactions, search text and star go with them); returns the IDs that were cached. */
  deleteMany(ids: readonly number[]): number[] {
    this.#starred.set(ids, false);
    return ids.filter((id) => {
      if (writeReturning(this.#delete, id) === undefined) return false;
      this.#index.remove(id);
      return true;
    });
  }

  /** Stars or unstars, cached or not; returns the IDs that were cached. */
  setStarred(ids: readonly number[], starred: boolean): number[] {
    this.#starred.set(ids, starred);
    return ids.filter((id) => writeReturning(this.#setStarred, starred ? 1 : 0, id) !== undefined);
  }

  /** Adds or removes a flag other than read/starred; returns the IDs that were cached. */
  setOtherFlag(ids: readonly number[], flag: string, on: boolean): number[] {
    const changed: number[] = [];
    for (const m of this.getByIds(ids)) {
      const flags = new Set(m.otherFlags);
      if (on) flags.add(flag);
      else flags.delete(flag);
      this.#setOtherFlags.run(JSON.stringify([...flags]), m.id);
      changed.push(m.id);
    }
    return changed;
  }

  /** Replaces the flags other than read/starred (update_message carries the user's current ones). */
  setOtherFlags(id: number, flags: readonly string[]): void {
    this.#setOtherFlags.run(JSON.stringify(flags), id);
  }

  /** Returns whether the message was cached. */
  setContent(id: number, content: string, editedAt: number | null): boolean {
    const { text, hasLink } = messageText(content);
    const row = writeReturning(this.#setContent, { id, content, editedAt, hasLink: hasLink ? 1 : 0 }) as
      { topic: string } | undefined;
    if (!row) return false;
    this.#index.putText(id, row.topic, text);
    return true;
  }

  /** Moves cached messages to another channel/topic; returns the IDs that were cached. */
  move(ids: readonly number[], channelId: number, topic: string, movedAt: number | null): number[] {
    return this.#db.transaction(() =>
      ids.filter((id) => {
        const row = writeReturning(this.#move, { id, channelId, topic, topicKey: topicKey(topic), movedAt }) as
          { content: string } | undefined;
        if (!row) return false;
        this.#index.put(id, topic, row.content);
        return true;
      }),
    )();
  }

  /** Returns whether the message was cached (reactions of uncached messages are not kept). */
  addReaction(messageId: number, r: StoredReaction): boolean {
    if (!this.has(messageId)) return false;
    this.#insertReaction.run({ messageId, ...r });
    return true;
  }

  removeReaction(messageId: number, r: StoredReaction): boolean {
    if (!this.has(messageId)) return false;
    this.#deleteReaction.run({ messageId, ...r });
    return true;
  }

  #narrowIds(filter: NarrowFilter) {
    const sql = narrowIdsSql(filter);
    let stmt = this.#narrowStatements.get(sql);
    if (!stmt) {
      stmt = this.#db.prepare(sql).pluck();
      this.#narrowStatements.set(sql, stmt);
    }
    return stmt;
  }

  #narrowStatement(filter: NarrowFilter, direction: 'before' | 'after') {
    const sql = narrowReadSql(filter, direction);
    let stmt = this.#narrowStatements.get(sql);
    if (!stmt) {
      stmt = this.#db.prepare(sql);
      this.#narrowStatements.set(sql, stmt);
    }
    return stmt;
  }

  #withReactions(rows: MessageRow[]): CachedMessage[] {
    if (rows.length === 0) return [];
    const byMessage = new Map<number, StoredReaction[]>();
    const reactionRows = this.#reactionsOf.all(JSON.stringify(rows.map((r) => r.id))) as ReactionRow[];
    for (const r of reactionRows) {
      const list = byMessage.get(r.message_id) ?? [];
      list.push(rowToReaction(r));
      byMessage.set(r.message_id, list);
    }
    return rows.map((row) => rowToMessage(row, byMessage.get(row.id) ?? []));
  }
}

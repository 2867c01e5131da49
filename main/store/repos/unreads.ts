/**
 * Unread message IDs with where each one lives, so unread counts do not need the message
 * itself to be cached. This table is the only record of read state.
 */
import type { Db } from '../db';

export interface UnreadEntry {
  messageId: number;
  /** Channel messages: channel and topic. DMs: dmKey. */
  channelId: number | null;
  topic: string | null;
  dmKey: string | null;
}

export interface TopicUnreads {
  channelId: number;
  topic: string;
  count: number;
  maxId: number;
}

export interface DmUnreads {
  dmKey: string;
  count: number;
  maxId: number;
}

export class UnreadsRepo {
  readonly #db: Db;
  readonly #insert;
  readonly #delete;
  readonly #deleteAll;
  readonly #allIds;
  readonly #byTopic;
  readonly #byDm;
  readonly #move;
  readonly #firstInChannel;
  readonly #firstInTopic;
  readonly #firstInDm;
  readonly #has;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO unreads (message_id, channel_id, topic, dm_key) VALUES (@messageId, @channelId, @topic, @dmKey)
       ON CONFLICT (message_id) DO UPDATE SET channel_id = excluded.channel_id, topic = excluded.topic, dm_key = excluded.dm_key`,
    );
    this.#delete = db.prepare('DELETE FROM unreads WHERE message_id = ? RETURNING message_id');
    this.#deleteAll = db.prepare('DELETE FROM unreads');
    this.#allIds = db.prepare('SELECT message_id FROM unreads ORDER BY message_id').pluck();
    this.#byTopic = db.prepare(
      `SELECT channel_id AS channelId, topic, count(*) AS count, max(message_id) AS maxId
       FROM unreads WHERE channel_id IS NOT NULL GROUP BY channel_id, topic`,
    );
    this.#byDm = db.prepare(
      `SELECT dm_key AS dmKey, count(*) AS count, max(message_id) AS maxId
       FROM unreads WHERE dm_key IS NOT NULL GROUP BY dm_key`,
    );
    this.#move = db.prepare('UPDATE unreads SET channel_id = ?, topic = ? WHERE message_id = ?');
    this.#firstInChannel = db.prepare('SELECT min(message_id) FROM unreads WHERE channel_id = ?').pluck();
    this.#firstInTopic = db.prepare('SELECT min(message_id) FROM unreads WHERE channel_id = ? AND topic = ?').pluck();
    this.#firstInDm = db.prepare('SELECT min(message_id) FROM unreads WHERE dm_key = ?').pluck();
    this.#has = db.prepare('SELECT 1 FROM unreads WHERE message_id = ?').pluck();
  }

  replaceAll(entries: readonly UnreadEntry[]): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      this.add(entries);
    })();
  }

  add(entries: readonly UnreadEntry[]): void {
    for (const e of entries) this.#insert.run(e);
  }

  /** Marks these read; returns the IDs that were unread. */
  remove(ids: readonly number[]): number[] {
    return ids.filter((id) => this.#delete.get(id) !== undefined);
  }

  /** Marks everything read; returns the IDs that were unread. */
  removeAll(): number[] {
    const ids = this.#allIds.all() as number[];
    this.#deleteAll.run();
    return ids;
  }

  isUnread(id: number): boolean {
    return this.#has.get(id) !== undefined;
  }

  moveTo(ids: readonly number[], channelId: number, topic: string): void {
    for (const id of ids) this.#move.run(channelId, topic, id);
  }

  countsByTopic(): TopicUnreads[] {
    return this.#byTopic.all() as TopicUnreads[];
  }

  countsByDm(): DmUnreads[] {
    return this.#byDm.all() as DmUnreads[];
  }

  firstUnreadInChannel(channelId: number): number | null {
    return (this.#firstInChannel.get(channelId) as number | null) ?? null;
  }

  firstUnreadInTopic(channelId: number, topic: string): number | null {
    return (this.#firstInTopic.get(channelId, topic) as number | null) ?? null;
  }

  firstUnreadInDm(dmKey: string): number | null {
    return (this.#firstInDm.get(dmKey) as number | null) ?? null;
  }
}

/**
 * Unread message IDs with where each one lives and whether it mentions the user, so unread
 * counts do not need the message itself to be cached. This table is the only record of read state.
 */
import type { Db } from '../db';
import { topicKey } from '../topic-key';

export interface UnreadEntry {
  messageId: number;
  /** Channel messages: channel and topic. DMs: dmKey. */
  channelId: number | null;
  topic: string | null;
  dmKey: string | null;
  /** Mentions the user (directly or by wildcard). Default false. */
  mentioned?: boolean;
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

/** Which unread messages a mark-as-read covers. */
export type UnreadScope =
  | { kind: 'messages'; ids: readonly number[] }
  | { kind: 'topic'; channelId: number; topic: string }
  | { kind: 'channel'; channelId: number }
  | { kind: 'all' };

interface EntryRow {
  message_id: number;
  channel_id: number | null;
  topic: string | null;
  dm_key: string | null;
  mentioned: number;
}

const toEntry = (r: EntryRow): UnreadEntry => ({
  messageId: r.message_id,
  channelId: r.channel_id,
  topic: r.topic,
  dmKey: r.dm_key,
  mentioned: r.mentioned === 1,
});

const ENTRY_COLUMNS = 'message_id, channel_id, topic, dm_key, mentioned';

/** The hot reads, exported so the query-plan test checks exactly what runs. */
export const UNREAD_SQL = {
  inTopic: `SELECT ${ENTRY_COLUMNS} FROM unreads WHERE channel_id = ? AND topic_key = ? ORDER BY message_id`,
  inChannel: `SELECT ${ENTRY_COLUMNS} FROM unreads WHERE channel_id = ? ORDER BY message_id`,
  firstInTopic: 'SELECT min(message_id) FROM unreads WHERE channel_id = ? AND topic_key = ?',
  firstInDm: 'SELECT min(message_id) FROM unreads WHERE dm_key = ?',
  inDm: 'SELECT message_id FROM unreads WHERE dm_key = ? ORDER BY message_id',
  mentions: 'SELECT message_id FROM unreads WHERE mentioned = 1 ORDER BY message_id',
} as const;

/**
 * From how many rows written at once the unread counts are worked out again from the whole table
 * (UnreadsRepo.writeInBulk) rather than kept by the triggers row by row: grouping 45,000 unreads
 * costs about what the triggers cost for a few thousand rows.
 */
export const BULK_UNREAD_ROWS = 2000;

export class UnreadsRepo {
  readonly #db: Db;
  readonly #pauseCounts;
  readonly #insert;
  readonly #delete;
  readonly #deleteAll;
  readonly #byTopic;
  readonly #byDm;
  readonly #move;
  readonly #firstInChannel;
  readonly #firstInTopic;
  readonly #firstInDm;
  readonly #firstAnywhere;
  readonly #has;
  readonly #setMentioned;
  readonly #mentions;
  readonly #totals;
  readonly #entriesOf;
  readonly #byTopicIn;
  readonly #inScope;
  readonly #inDm;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare(
      // A batch in one statement: a JSON array of [messageId, channelId, topic, topicKey, dmKey,
      // mentioned] rows (row by row, a catch-up of thousands paid a call per row).
      `INSERT INTO unreads (message_id, channel_id, topic, topic_key, dm_key, mentioned)
       SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?) WHERE true
       ON CONFLICT (message_id) DO UPDATE SET channel_id = excluded.channel_id, topic = excluded.topic,
         topic_key = excluded.topic_key, dm_key = excluded.dm_key, mentioned = excluded.mentioned
       -- Only when something differs: an update fires migration 8's recount triggers, and a fetched
       -- page mostly re-describes unreads register already stored.
       WHERE channel_id IS NOT excluded.channel_id OR topic IS NOT excluded.topic
         OR topic_key IS NOT excluded.topic_key OR dm_key IS NOT excluded.dm_key
         OR mentioned IS NOT excluded.mentioned`,
    );
    // One statement for the whole list: marking a busy channel read removes thousands at once.
    this.#delete = db
      .prepare('DELETE FROM unreads WHERE message_id IN (SELECT value FROM json_each(?)) RETURNING message_id')
      .pluck();
    this.#deleteAll = db.prepare('DELETE FROM unreads');
    // One row per topic whatever the case of each message's spelling (the newest one's is kept),
    // counted by the triggers of migration 8 as unreads change: no grouping of every unread here.
    this.#byTopic = db.prepare(
      'SELECT channel_id AS channelId, topic, count, max_id AS maxId FROM unread_topic_counts',
    );
    this.#byTopicIn = db.prepare(
      'SELECT channel_id AS channelId, topic, count, max_id AS maxId FROM unread_topic_counts WHERE channel_id = ?',
    );
    this.#byDm = db.prepare('SELECT dm_key AS dmKey, count, max_id AS maxId FROM unread_dm_counts');
    this.#move = db.prepare('UPDATE unreads SET channel_id = ?, topic = ?, topic_key = ? WHERE message_id = ?');
    this.#firstInChannel = db.prepare('SELECT min(message_id) FROM unreads WHERE channel_id = ?').pluck();
    this.#firstInTopic = db.prepare(UNREAD_SQL.firstInTopic).pluck();
    this.#firstInDm = db.prepare(UNREAD_SQL.firstInDm).pluck();
    this.#inDm = db.prepare(UNREAD_SQL.inDm).pluck();
    this.#firstAnywhere = db.prepare('SELECT min(message_id) FROM unreads').pluck();
    this.#has = db.prepare('SELECT 1 FROM unreads WHERE message_id = ?').pluck();
    this.#setMentioned = db.prepare('UPDATE unreads SET mentioned = ? WHERE message_id = ?');
    this.#mentions = db.prepare(UNREAD_SQL.mentions).pluck();
    // Kept by the triggers of migration 10: no counting of rows here.
    this.#totals = db.prepare('SELECT total, mentions, dm_version AS dmVersion FROM unread_totals WHERE id = 1');
    this.#entriesOf = db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM unreads WHERE message_id IN (SELECT value FROM json_each(?)) ORDER BY message_id`,
    );
    this.#pauseCounts = db.prepare('UPDATE unread_count_pause SET paused = ? WHERE id = 1');
    this.#inScope = {
      topic: db.prepare(UNREAD_SQL.inTopic),
      channel: db.prepare(UNREAD_SQL.inChannel),
      all: db.prepare(`SELECT ${ENTRY_COLUMNS} FROM unreads ORDER BY message_id`),
    };
  }

  replaceAll(entries: readonly UnreadEntry[]): void {
    const replace = () => {
      this.#deleteAll.run();
      this.add(entries);
    };
    if (entries.length >= BULK_UNREAD_ROWS) this.writeInBulk(replace);
    else this.#db.transaction(replace)();
  }

  /**
   * Runs `write` (thousands of unread rows at once) with the count triggers of migrations 8 and 10
   * paused, then counts every topic and DM conversation again, in one transaction: the counts end
   * as the triggers would have left them, and a `write` that throws leaves everything as it was.
   */
  writeInBulk(write: () => void): void {
    this.#db.transaction(() => {
      this.#pauseCounts.run(1);
      write();
      this.#db.exec(RECOUNT_SQL);
      this.#pauseCounts.run(0);
    })();
  }

  add(entries: readonly UnreadEntry[]): void {
    if (entries.length === 0) return;
    this.#insert.run(unreadRowsJson(entries));
  }

  /** Marks these read; returns the IDs that were unread. */
  remove(ids: readonly number[]): number[] {
    if (ids.length === 0) return [];
    const removed = new Set(this.#delete.all(JSON.stringify(ids)) as number[]);
    return ids.filter((id) => removed.has(id));
  }

  /** Marks everything read; returns the IDs that were unread. */
  removeAll(): number[] {
    const ids = this.inScope({ kind: 'all' }).map((e) => e.messageId);
    this.#deleteAll.run();
    return ids;
  }

  /** The unread entries a scope covers (to mark them read, and to restore them if the server refuses). */
  /** The unread message IDs of a DM conversation (dm_key lists every participant). */
  idsInDm(dmKey: string): number[] {
    return this.#inDm.all(dmKey) as number[];
  }

  inScope(scope: UnreadScope): UnreadEntry[] {
    let rows: EntryRow[];
    switch (scope.kind) {
      case 'messages':
        rows = scope.ids.length === 0 ? [] : (this.#entriesOf.all(JSON.stringify(scope.ids)) as EntryRow[]);
        break;
      case 'topic':
        rows = this.#inScope.topic.all(scope.channelId, topicKey(scope.topic)) as EntryRow[];
        break;
      case 'channel':
        rows = this.#inScope.channel.all(scope.channelId) as EntryRow[];
        break;
      case 'all':
        rows = this.#inScope.all.all() as EntryRow[];
        break;
    }
    return rows.map(toEntry);
  }

  isUnread(id: number): boolean {
    return this.#has.get(id) !== undefined;
  }

  setMentioned(id: number, mentioned: boolean): void {
    this.#setMentioned.run(mentioned ? 1 : 0, id);
  }

  moveTo(ids: readonly number[], channelId: number, topic: string): void {
    const key = topicKey(topic);
    for (const id of ids) this.#move.run(channelId, topic, key, id);
  }

  countsByTopic(): TopicUnreads[] {
    return this.#byTopic.all() as TopicUnreads[];
  }

  /** countsByTopic for one channel (the primary key's prefix: no scan of the others). */
  countsByTopicIn(channelId: number): TopicUnreads[] {
    return this.#byTopicIn.all(channelId) as TopicUnreads[];
  }

  countsByDm(): DmUnreads[] {
    return this.#byDm.all() as DmUnreads[];
  }

  /** Unread messages that mention the user, oldest first. */
  mentionIds(): number[] {
    return this.#mentions.all() as number[];
  }

  mentionCount(): number {
    return this.totals().mentions;
  }

  total(): number {
    return this.totals().total;
  }

  /**
   * The unread total, the unread mentions, and a number that changes whenever any DM's count
   * (countsByDm) does, so a caller may keep what it built from them until it moves.
   */
  totals(): { total: number; mentions: number; dmVersion: number } {
    return this.#totals.get() as { total: number; mentions: number; dmVersion: number };
  }

  firstUnreadInChannel(channelId: number): number | null {
    return (this.#firstInChannel.get(channelId) as number | null) ?? null;
  }

  firstUnreadInTopic(channelId: number, topic: string): number | null {
    return (this.#firstInTopic.get(channelId, topicKey(topic)) as number | null) ?? null;
  }

  firstUnreadInDm(dmKey: string): number | null {
    return (this.#firstInDm.get(dmKey) as number | null) ?? null;
  }

  /** The oldest unread message anywhere (the Combined feed opens there). */
  firstUnread(): number | null {
    return (this.#firstAnywhere.get() as number | null) ?? null;
  }
}

/**
 * Every count of migrations 8 and 10 from the unreads themselves. A bare column beside max() comes
 * from the row holding the maximum (SQLite's documented rule): each topic keeps the spelling of its
 * newest unread, as the triggers do. The DM version moves once, whatever changed.
 */
const RECOUNT_SQL = `
  DELETE FROM unread_topic_counts;
  INSERT INTO unread_topic_counts (channel_id, topic_key, topic, count, max_id)
    SELECT channel_id, topic_key, topic, count(*), max(message_id) FROM unreads
    WHERE channel_id IS NOT NULL GROUP BY channel_id, topic_key;
  DELETE FROM unread_dm_counts;
  INSERT INTO unread_dm_counts (dm_key, count, max_id)
    SELECT dm_key, count(*), max(message_id) FROM unreads WHERE dm_key IS NOT NULL GROUP BY dm_key;
  UPDATE unread_totals SET total = (SELECT count(*) FROM unreads),
    mentions = (SELECT count(*) FROM unreads WHERE mentioned = 1), dm_version = dm_version + 1 WHERE id = 1;`;

/**
 * Entries as the JSON rows the unread inserts read with json_each: message_id, channel_id, topic,
 * topic_key, dm_key, mentioned. Also what snapshot-staging.ts stages, so both agree on the order.
 */
export function unreadRowsJson(entries: readonly UnreadEntry[]): string {
  return JSON.stringify(
    entries.map((e) => [
      e.messageId,
      e.channelId,
      e.topic,
      e.topic === null ? null : topicKey(e.topic),
      e.dmKey,
      e.mentioned ? 1 : 0,
    ]),
  );
}

/**
 * Search over cached messages: FTS5 for words (message_text), plus the operators channel,
 * topic, sender, is:starred, is:mentioned, is:alerted, is:unread and has:link. Each query is
 * driven by one index (the FTS index, the starred table, the flag indexes, a narrow index,
 * messages_by_sender, messages_with_link or the unreads table), walks it newest first and stops
 * at the limit, so no search scans the messages table.
 */
import { ALERT_WORD_NEEDLE, flagCondition, MENTION_NEEDLE } from '../migrations/account/0007-flag-indexes';
import { topicKey } from '../topic-key';
import type { Db } from '../db';
import type { SearchIndex } from './search-index';

export interface LocalQuery {
  /** Words that must all appear (as word prefixes) in the topic or the text. */
  words: readonly string[];
  channelId?: number;
  /** Exact topic; with no channelId it is found through the full-text index. */
  topic?: string;
  senderId?: number;
  starred?: boolean;
  /** Mentions the user, directly or by wildcard (Zulip's is:mentioned). */
  mentioned?: boolean;
  /** Contains one of the user's alert words (the has_alert_word flag, Zulip's is:alerted). */
  alerted?: boolean;
  unread?: boolean;
  hasLink?: boolean;
  /** One direct conversation (dm:), by its key. */
  dmKey?: string;
  /** Direct messages only (is:dm). */
  dmOnly?: boolean;
  /** Direct conversations this user is in (dm-including:). */
  dmIncluding?: number;
  /** Paging: only messages with an ID below this. */
  below?: number;
  limit: number;
}

const phrase = (w: string) => `"${w.replaceAll('"', '""')}"*`;
// A word without a letter or digit has no tokens; FTS5 would reject the empty phrase.
const searchable = (words: readonly string[]) => words.filter((w) => /[\p{L}\p{N}]/u.test(w));

/**
 * The FTS5 expression of a query: each word a quoted prefix phrase, all required. A topic with
 * no channel to narrow by is matched through the index's topic column too (then exactly, in SQL).
 */
export function ftsMatch(q: Pick<LocalQuery, 'words' | 'topic' | 'channelId'>): string | null {
  const terms = searchable(q.words).map(phrase);
  if (q.topic !== undefined && q.channelId === undefined) {
    const topicTerms = searchable(q.topic.split(/\s+/)).map(phrase);
    if (topicTerms.length > 0) terms.push(`topic : (${topicTerms.join(' AND ')})`);
  }
  return terms.length > 0 ? terms.join(' AND ') : null;
}

/** Which index drives a query; the test of query plans builds SQL for each. */
export type SearchDriver =
  'text' | 'starred' | 'mentioned' | 'alerted' | 'topic' | 'channel' | 'dm' | 'sender' | 'link' | 'unread' | 'dms';

/**
 * The most selective index the query can walk: words first, then the small sets (starred,
 * mentioned, alerted), then the narrows; unread last, as it can hold most of a neglected cache.
 */
export function driverOf(q: LocalQuery): SearchDriver | null {
  if (ftsMatch(q) !== null) return 'text';
  if (q.starred) return 'starred';
  if (q.mentioned) return 'mentioned';
  if (q.alerted) return 'alerted';
  if (q.channelId !== undefined) return q.topic !== undefined ? 'topic' : 'channel';
  if (q.dmKey !== undefined) return 'dm';
  if (q.senderId !== undefined) return 'sender';
  if (q.hasLink) return 'link';
  if (q.unread) return 'unread';
  // Every DM, newest first: a walk of the messages until enough are found.
  if (q.dmOnly || q.dmIncluding !== undefined) return 'dms';
  return null;
}

const MENTIONED = flagCondition('m.other_flags', MENTION_NEEDLE);
const ALERTED = flagCondition('m.other_flags', ALERT_WORD_NEEDLE);

/** The key each driver's walk is ordered by (newest first); the others walk m.id. */
const ORDER_BY: Partial<Record<SearchDriver, string>> = {
  text: 't.rowid',
  starred: 's.message_id',
  unread: 'u.message_id',
};

/** SQL and parameters of a query (exported for the query-plan test). */
export function searchSql(q: LocalQuery, driver: SearchDriver): { sql: string; params: Record<string, unknown> } {
  const where: string[] = ['m.id < @below'];
  const params: Record<string, unknown> = { below: q.below ?? Number.MAX_SAFE_INTEGER, limit: q.limit };
  let from: string;
  switch (driver) {
    case 'text':
      from = 'message_text t JOIN messages m ON m.id = t.rowid';
      where.push('message_text MATCH @match', 't.rowid < @below');
      params['match'] = ftsMatch(q);
      break;
    case 'starred':
      from = 'starred s JOIN messages m ON m.id = s.message_id';
      where.push('s.message_id < @below');
      break;
    case 'topic':
      from = 'messages m INDEXED BY messages_by_topic';
      break;
    case 'channel':
      from = 'messages m INDEXED BY messages_by_channel';
      break;
    case 'sender':
      from = 'messages m INDEXED BY messages_by_sender';
      break;
    case 'dm':
      from = 'messages m INDEXED BY messages_by_dm';
      break;
    case 'dms':
      from = 'messages m';
      break;
    case 'link':
      from = 'messages m INDEXED BY messages_with_link';
      break;
    // The flag indexes are partial: the WHERE below repeats their condition, which lets SQLite use them.
    case 'mentioned':
      from = 'messages m INDEXED BY messages_mentioned';
      break;
    case 'alerted':
      from = 'messages m INDEXED BY messages_alerted';
      break;
    case 'unread':
      from = 'unreads u JOIN messages m ON m.id = u.message_id';
      where.push('u.message_id < @below');
      break;
  }
  if (q.channelId !== undefined) {
    where.push('m.channel_id = @channelId');
    params['channelId'] = q.channelId;
  }
  if (q.topic !== undefined) {
    where.push('m.topic_key = @topicKey');
    params['topicKey'] = topicKey(q.topic);
  }
  if (q.senderId !== undefined) {
    where.push('m.sender_id = @senderId');
    params['senderId'] = q.senderId;
  }
  if (q.dmKey !== undefined) {
    where.push('m.dm_key = @dmKey');
    params['dmKey'] = q.dmKey;
  }
  if (q.dmOnly) where.push('m.dm_key IS NOT NULL');
  if (q.dmIncluding !== undefined) {
    where.push("(',' || m.dm_key || ',') LIKE @dmIncluding");
    params['dmIncluding'] = `%,${q.dmIncluding},%`;
  }
  if (q.hasLink) where.push('m.has_link = 1');
  if (q.starred && driver !== 'starred') where.push('EXISTS (SELECT 1 FROM starred s WHERE s.message_id = m.id)');
  if (q.mentioned) where.push(MENTIONED);
  if (q.alerted) where.push(ALERTED);
  if (q.unread && driver !== 'unread') where.push('EXISTS (SELECT 1 FROM unreads u WHERE u.message_id = m.id)');
  const order = ORDER_BY[driver] ?? 'm.id';
  return {
    sql: `SELECT m.id FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order} DESC LIMIT @limit`,
    params,
  };
}

export class SearchRepo {
  readonly #db: Db;
  readonly #index: SearchIndex;
  readonly #statements = new Map<string, ReturnType<Db['prepare']>>();

  constructor(db: Db, index: SearchIndex) {
    this.#db = db;
    this.#index = index;
  }

  /** IDs of cached messages matching the query, newest first. An empty query matches nothing. */
  search(q: LocalQuery): number[] {
    const driver = driverOf(q);
    if (driver === null || q.limit <= 0) return [];
    // Words are matched in message_text: whatever is still in the backlog goes in first.
    if (driver === 'text') this.#index.flush();
    const { sql, params } = searchSql(q, driver);
    let stmt = this.#statements.get(sql);
    if (!stmt) {
      stmt = this.#db.prepare(sql).pluck();
      this.#statements.set(sql, stmt);
    }
    return stmt.all(params) as number[];
  }
}

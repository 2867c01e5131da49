/**
 * Search over cached messages: FTS5 for words (message_text), plus the operators channel,
 * topic, sender, is:starred and has:link. Each query is driven by one index (the FTS index, the
 * starred table, a narrow index, messages_by_sender or messages_with_link), walks it newest
 * first and stops at the limit, so no search scans the messages table.
 */
import { topicKey } from '../topic-key';
import type { Db } from '../db';

export interface LocalQuery {
  /** Words that must all appear (as word prefixes) in the topic or the text. */
  words: readonly string[];
  channelId?: number;
  /** Exact topic; with no channelId it is found through the full-text index. */
  topic?: string;
  senderId?: number;
  starred?: boolean;
  hasLink?: boolean;
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
export type SearchDriver = 'text' | 'starred' | 'topic' | 'channel' | 'sender' | 'link';

export function driverOf(q: LocalQuery): SearchDriver | null {
  if (ftsMatch(q) !== null) return 'text';
  if (q.starred) return 'starred';
  if (q.channelId !== undefined) return q.topic !== undefined ? 'topic' : 'channel';
  if (q.senderId !== undefined) return 'sender';
  if (q.hasLink) return 'link';
  return null;
}

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
    case 'link':
      from = 'messages m INDEXED BY messages_with_link';
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
  if (q.hasLink) where.push('m.has_link = 1');
  if (q.starred && driver !== 'starred') where.push('EXISTS (SELECT 1 FROM starred s WHERE s.message_id = m.id)');
  const order = driver === 'text' ? 't.rowid' : driver === 'starred' ? 's.message_id' : 'm.id';
  return {
    sql: `SELECT m.id FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order} DESC LIMIT @limit`,
    params,
  };
}

export class SearchRepo {
  readonly #db: Db;
  readonly #statements = new Map<string, ReturnType<Db['prepare']>>();

  constructor(db: Db) {
    this.#db = db;
  }

  /** IDs of cached messages matching the query, newest first. An empty query matches nothing. */
  search(q: LocalQuery): number[] {
    const driver = driverOf(q);
    if (driver === null || q.limit <= 0) return [];
    const { sql, params } = searchSql(q, driver);
    let stmt = this.#statements.get(sql);
    if (!stmt) {
      stmt = this.#db.prepare(sql).pluck();
      this.#statements.set(sql, stmt);
    }
    return stmt.all(params) as number[];
  }
}

/**
 * The SQL of a narrow's reads from the messages table: which index each kind of narrow walks, its
 * WHERE clause and parameters. Exported so the query-plan tests check exactly what runs.
 */
import type { NarrowFilter } from '../narrows';
import { topicKey } from '../topic-key';
import { MESSAGE_COLUMNS, STATE_JOINS } from './message-rows';

const INDEX_OF: Record<NarrowFilter['kind'], string | null> = {
  channel: 'messages_by_channel',
  topic: 'messages_by_topic',
  dm: 'messages_by_dm',
  // Every message, newest or oldest first: the primary key is the index.
  all: null,
};

function whereOf(filter: NarrowFilter): string {
  switch (filter.kind) {
    case 'channel':
      return 'm.channel_id = @channelId';
    case 'topic':
      return 'm.channel_id = @channelId AND m.topic_key = @topicKey';
    case 'dm':
      return 'm.dm_key = @dmKey';
    case 'all':
      return '(m.channel_id IS NULL OR m.channel_id IN (SELECT channel_id FROM subscriptions))';
  }
}

export function filterParams(filter: NarrowFilter): Record<string, unknown> {
  switch (filter.kind) {
    case 'channel':
      return { channelId: filter.channelId };
    case 'topic':
      return { channelId: filter.channelId, topicKey: topicKey(filter.topic) };
    case 'dm':
      return { dmKey: filter.dmKey };
    case 'all':
      return {};
  }
}

function indexedBy(filter: NarrowFilter): string {
  const index = INDEX_OF[filter.kind];
  return index === null ? '' : `INDEXED BY ${index}`;
}

/** A topic's newest cached message (exported, as the narrow reads are, for the query-plan test). */
export const NEWEST_IN_TOPIC_SQL = 'SELECT max(id) FROM messages WHERE channel_id = ? AND topic_key = ?';

/** SQL of the narrow reads, exported so the query-plan test checks exactly what runs. */
export function narrowReadSql(filter: NarrowFilter, direction: 'before' | 'after'): string {
  const where = whereOf(filter);
  // Without ANALYZE statistics SQLite may pick messages_by_channel for a topic read and filter
  // a whole channel; naming the index makes the plan fixed (and fails loudly if it ever cannot be used).
  const from = `FROM messages m ${indexedBy(filter)} ${STATE_JOINS}`;
  return direction === 'before'
    ? `SELECT ${MESSAGE_COLUMNS} ${from} WHERE ${where} AND m.id < @below AND m.id >= @lo ORDER BY m.id DESC LIMIT @limit`
    : `SELECT ${MESSAGE_COLUMNS} ${from} WHERE ${where} AND m.id > @above AND m.id <= @hi ORDER BY m.id ASC LIMIT @limit`;
}

/** SQL of MessagesRepo.idsIn (exported for the query-plan test, like narrowReadSql). */
export function narrowIdsSql(filter: NarrowFilter): string {
  return `SELECT m.id FROM messages m ${indexedBy(filter)} WHERE ${whereOf(filter)} AND m.id >= @lo AND m.id <= @hi`;
}

/**
 * Who took part in each of many conversations and when they last spoke, for Recent
 * conversations' rows. One statement per kind (topics, DMs) answers every row asked: a JSON array
 * of the wanted conversations drives it, and each conversation's latest messages come from its
 * index (messages_by_topic, messages_by_dm) newest first, at most SENDER_WINDOW of them, so a row
 * costs a bounded index walk however long its conversation is.
 */
import type { ConversationDetails, Participant } from '../../../common/ipc/conversations-contract';
import { MAX_PARTICIPANTS } from '../../../common/ipc/conversations-contract';
import type { Db } from '../db';
import { topicKey } from '../topic-key';

/** Latest messages per conversation whose senders count: Zulip's avatars are of its recent senders. */
export const SENDER_WINDOW = 100;

export type DetailTarget = { kind: 'topic'; channelId: number; topic: string } | { kind: 'dm'; dmKey: string };

interface SenderRow {
  idx: number;
  userId: number;
  name: string;
  avatarUrl: string | null;
  lastId: number;
  timestamp: number;
}

// The sender's current name and picture from users where known, else as the message had them;
// bare columns of an aggregate come from the row holding MAX(m.id): the sender's latest message.
const SENDERS = `
  SELECT w.idx AS idx, m.sender_id AS userId,
         COALESCE(u.full_name, m.sender_full_name) AS name, COALESCE(u.avatar_url, m.avatar_url) AS avatarUrl,
         MAX(m.id) AS lastId, m.timestamp AS timestamp
  FROM wanted w JOIN messages m ON m.id IN (%LATEST%)
  LEFT JOIN users u ON u.id = m.sender_id
  GROUP BY w.idx, m.sender_id`;

export const TOPIC_SENDERS_SQL = `
  WITH wanted(idx, channel_id, topic_key) AS (
    SELECT CAST(key AS INTEGER), json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?)
  )${SENDERS.replace(
    '%LATEST%',
    `SELECT id FROM messages WHERE channel_id = w.channel_id AND topic_key = w.topic_key ORDER BY id DESC LIMIT ${SENDER_WINDOW}`,
  )}`;

export const DM_SENDERS_SQL = `
  WITH wanted(idx, dm_key) AS (SELECT CAST(key AS INTEGER), value FROM json_each(?))${SENDERS.replace(
    '%LATEST%',
    `SELECT id FROM messages WHERE dm_key = w.dm_key ORDER BY id DESC LIMIT ${SENDER_WINDOW}`,
  )}`;

export class ConversationDetailsRepo {
  readonly #topics;
  readonly #dms;

  constructor(db: Db) {
    this.#topics = db.prepare(TOPIC_SENDERS_SQL);
    this.#dms = db.prepare(DM_SENDERS_SQL);
  }

  /** Details in the order of `targets`; a conversation none of whose messages is cached has none. */
  details(targets: readonly DetailTarget[]): ConversationDetails[] {
    const topics: [number, string][] = [];
    const topicAt: number[] = [];
    const dms: string[] = [];
    const dmAt: number[] = [];
    targets.forEach((t, i) => {
      if (t.kind === 'topic') {
        topicAt.push(i);
        topics.push([t.channelId, topicKey(t.topic)]);
      } else {
        dmAt.push(i);
        dms.push(t.dmKey);
      }
    });
    const senders: SenderRow[][] = targets.map(() => []);
    const collect = (rows: SenderRow[], at: number[]) => {
      for (const row of rows) senders[at[row.idx]!]!.push(row);
    };
    if (topics.length > 0) collect(this.#topics.all(JSON.stringify(topics)) as SenderRow[], topicAt);
    if (dms.length > 0) collect(this.#dms.all(JSON.stringify(dms)) as SenderRow[], dmAt);
    return senders.map(summarize);
  }
}

function summarize(rows: SenderRow[]): ConversationDetails {
  const byRecency = rows.sort((a, b) => b.lastId - a.lastId);
  const participants: Participant[] = byRecency
    .slice(0, MAX_PARTICIPANTS)
    .map(({ userId, name, avatarUrl }) => ({ userId, name, avatarUrl }));
  return {
    participants,
    participantCount: rows.length,
    lastTimestamp: byRecency[0]?.timestamp ?? null,
  };
}

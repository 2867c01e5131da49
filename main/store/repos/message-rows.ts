/**
 * The stored shape of a message and the mapping between it and its SQLite row. Kept apart
 * from the repo so appliers and the pager can build StoredMessage values without SQL.
 */
import { topicKey } from '../topic-key';

export interface StoredReaction {
  userId: number;
  reactionType: string;
  emojiCode: string;
  emojiName: string;
}

export interface StoredMessage {
  id: number;
  senderId: number;
  senderFullName: string;
  senderEmail: string;
  avatarUrl: string | null;
  /** UNIX seconds. */
  timestamp: number;
  content: string;
  contentType: string;
  /** Channel messages: the channel and topic. DMs: null and ''. */
  channelId: number | null;
  topic: string;
  /** DMs: every participant's ID, sorted (see narrows.dmKeyOf). Channel messages: null. */
  dmKey: string | null;
  starred: boolean;
  /** Server flags other than read and starred (mentioned, collapsed, ...), kept as given. */
  otherFlags: string[];
  lastEditTimestamp: number | null;
  lastMovedTimestamp: number | null;
  isMeMessage: boolean;
  reactions: StoredReaction[];
}

/** A message as read back: the stored fields plus read state, which lives in the unreads table. */
export interface CachedMessage extends StoredMessage {
  read: boolean;
}

/**
 * What deciding about a new message needs (where it is, who sent it, its flags), without its
 * content: a catch-up reads thousands of these to find the few it shows or rings for.
 */
export type MessageHead = Pick<
  CachedMessage,
  'id' | 'senderId' | 'channelId' | 'topic' | 'dmKey' | 'otherFlags' | 'read'
>;

export interface MessageRow {
  id: number;
  sender_id: number;
  sender_full_name: string;
  sender_email: string;
  avatar_url: string | null;
  timestamp: number;
  content: string;
  content_type: string;
  channel_id: number | null;
  topic: string;
  dm_key: string | null;
  /** From the LEFT JOIN on starred. */
  is_starred: number;
  other_flags: string;
  last_edit_timestamp: number | null;
  last_moved_timestamp: number | null;
  is_me_message: number;
  /** From the LEFT JOIN on unreads. */
  is_unread: number;
}

export interface ReactionRow {
  message_id: number;
  reaction_type: string;
  emoji_code: string;
  user_id: number;
  emoji_name: string;
}

/**
 * Columns selected for a CachedMessage. The query must alias messages as m and LEFT JOIN unreads
 * as u and starred as s: those two tables, not the row, hold read and starred state.
 */
export const MESSAGE_COLUMNS =
  'm.id, m.sender_id, m.sender_full_name, m.sender_email, m.avatar_url, m.timestamp, m.content, m.content_type, ' +
  'm.channel_id, m.topic, m.dm_key, (s.message_id IS NOT NULL) AS is_starred, m.other_flags, m.last_edit_timestamp, ' +
  'm.last_moved_timestamp, m.is_me_message, (u.message_id IS NOT NULL) AS is_unread';

/** The joins MESSAGE_COLUMNS needs, after `FROM messages m [INDEXED BY ...]`. */
export const STATE_JOINS = 'LEFT JOIN unreads u ON u.message_id = m.id LEFT JOIN starred s ON s.message_id = m.id';

export function parseFlags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

export function rowToMessage(row: MessageRow, reactions: StoredReaction[]): CachedMessage {
  return {
    id: row.id,
    senderId: row.sender_id,
    senderFullName: row.sender_full_name,
    senderEmail: row.sender_email,
    avatarUrl: row.avatar_url,
    timestamp: row.timestamp,
    content: row.content,
    contentType: row.content_type,
    channelId: row.channel_id,
    topic: row.topic,
    dmKey: row.dm_key,
    starred: row.is_starred === 1,
    otherFlags: parseFlags(row.other_flags),
    lastEditTimestamp: row.last_edit_timestamp,
    lastMovedTimestamp: row.last_moved_timestamp,
    isMeMessage: row.is_me_message === 1,
    reactions,
    read: row.is_unread === 0,
  };
}

/** Server flags that mean the message mentions the user, directly or through a wildcard. */
export const MENTION_FLAGS: ReadonlySet<string> = new Set([
  'mentioned',
  'wildcard_mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
]);

export function isMentioned(flags: readonly string[]): boolean {
  return flags.some((f) => MENTION_FLAGS.has(f));
}

/** Named parameters for the insert statement (booleans as 0/1, flags as JSON). */
export function messageParams(m: StoredMessage): Record<string, unknown> {
  return {
    id: m.id,
    sender_id: m.senderId,
    sender_full_name: m.senderFullName,
    sender_email: m.senderEmail,
    avatar_url: m.avatarUrl,
    timestamp: m.timestamp,
    content: m.content,
    content_type: m.contentType,
    channel_id: m.channelId,
    topic: m.topic,
    dm_key: m.dmKey,
    is_starred: m.starred ? 1 : 0,
    other_flags: JSON.stringify(m.otherFlags),
    last_edit_timestamp: m.lastEditTimestamp,
    last_moved_timestamp: m.lastMovedTimestamp,
    is_me_message: m.isMeMessage ? 1 : 0,
  };
}

/** The columns messageValues fills after the ID, in its order (what an upsert compares to skip an equal row). */
export const UPSERT_COLUMNS = [
  'sender_id',
  'sender_full_name',
  'sender_email',
  'avatar_url',
  'timestamp',
  'content',
  'content_type',
  'channel_id',
  'topic',
  'dm_key',
  'is_starred',
  'other_flags',
  'last_edit_timestamp',
  'last_moved_timestamp',
  'is_me_message',
  'has_link',
  'topic_key',
];

/**
 * The insert statement's values in column order (see MessagesRepo's upsert): positional binding
 * skips building and matching a named-parameter object for every row of a batch.
 */
export function messageValues(m: StoredMessage, hasLink: boolean): unknown[] {
  return [
    m.id,
    m.senderId,
    m.senderFullName,
    m.senderEmail,
    m.avatarUrl,
    m.timestamp,
    m.content,
    m.contentType,
    m.channelId,
    m.topic,
    m.dmKey,
    m.starred ? 1 : 0,
    JSON.stringify(m.otherFlags),
    m.lastEditTimestamp,
    m.lastMovedTimestamp,
    m.isMeMessage ? 1 : 0,
    hasLink ? 1 : 0,
    m.channelId === null ? '' : topicKey(m.topic),
  ];
}

export function rowToReaction(row: ReactionRow): StoredReaction {
  return { userId: row.user_id, reactionType: row.reaction_type, emojiCode: row.emoji_code, emojiName: row.emoji_name };
}

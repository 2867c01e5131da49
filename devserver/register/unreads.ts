import type { App } from '../app';
import { MAX_UNREAD_MESSAGES } from '../limits';
import { MENTION_MASK } from '../store/flags';

/**
 * unread_msgs for POST /register: unread message IDs grouped the way Zulip groups them: one-to-one
 * and self conversations in `pms`, group conversations in `huddles`, channel messages by topic.
 */
export function unreadState(app: App, userId: number, topicName: (topic: string) => string): Record<string, unknown> {
  const rows = app.store.userState.unread(userId, MAX_UNREAD_MESSAGES + 1);
  const missing = rows.length > MAX_UNREAD_MESSAGES;
  if (missing) rows.length = MAX_UNREAD_MESSAGES;
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const pms = new Map<number, { other_user_id: number; sender_id: number; unread_message_ids: number[] }>();
  const huddles = new Map<string, { user_ids_string: string; unread_message_ids: number[] }>();
  const mentions: number[] = [];
  for (const row of rows) {
    if ((row.flags & MENTION_MASK) !== 0) mentions.push(row.message_id);
    if (row.channel_id !== null) {
      const topic = topicName(row.topic);
      const key = `${row.channel_id}\u0000${topic.toLowerCase()}`;
      const entry = streams.get(key) ?? { stream_id: row.channel_id, topic, unread_message_ids: [] };
      entry.unread_message_ids.push(row.message_id);
      streams.set(key, entry);
      continue;
    }
    const participants = app.store.recipients.participants(row.recipient_id);
    if (participants.length <= 2) {
      const other = participants.find((id) => id !== userId) ?? userId;
      const entry = pms.get(other) ?? { other_user_id: other, sender_id: other, unread_message_ids: [] };
      entry.unread_message_ids.push(row.message_id);
      pms.set(other, entry);
    } else {
      const key = participants.join(',');
      const entry = huddles.get(key) ?? { user_ids_string: key, unread_message_ids: [] };
      entry.unread_message_ids.push(row.message_id);
      huddles.set(key, entry);
    }
  }
  return {
    count: rows.length,
    pms: [...pms.values()],
    streams: [...streams.values()],
    huddles: [...huddles.values()],
    mentions,
    old_unreads_missing: missing,
  };
}

/** recent_private_conversations: newest first, other participants only ([] for oneself). */
export function recentDirectState(app: App, userId: number): Array<{ max_message_id: number; user_ids: number[] }> {
  return app.store.userState.recentDirect(userId, 1000).map((row) => ({
    max_message_id: row.max_id,
    user_ids: app.store.recipients.participants(row.recipient_id).filter((id) => id !== userId),
  }));
}

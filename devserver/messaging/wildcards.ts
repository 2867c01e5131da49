import { ApiError } from '../http/errors';
import type { RenderFacts } from '../markdown/directory';
import type { ChannelRow, UserRow } from '../store/rows';
import type { Store } from '../store/store';
import { MessagePermissions } from './permissions';

export const streamWildcardNotAllowed = (): ApiError =>
  new ApiError(
    400,
    'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
    'You do not have permission to use channel wildcard mentions in this channel.',
  );

export const topicWildcardNotAllowed = (): ApiError =>
  new ApiError(
    400,
    'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
    'You do not have permission to use topic wildcard mentions in this topic.',
  );

/**
 * Active users who took part in a topic: senders of its messages and people who reacted to
 * them. They are the audience of @**topic** and what its permission threshold counts.
 */
export function topicParticipants(store: Store, recipientId: number, topic: string): Set<number> {
  const senders = store.db
    .prepare<[number, string], { sender_id: number }>(
      'SELECT DISTINCT sender_id FROM messages WHERE recipient_id = ? AND topic = ? COLLATE NOCASE',
    )
    .all(recipientId, topic)
    .map((row) => row.sender_id);
  const ids = new Set([...senders, ...store.reactions.reactorsInTopic(recipientId, topic)]);
  for (const id of ids) if (store.users.byId(id)?.is_active !== 1) ids.delete(id);
  return ids;
}

/**
 * Refuses channel and topic wildcard mentions in a channel message when the audience is larger
 * than the threshold (Zulip's Realm.WILDCARD_MENTION_THRESHOLD, 15, unless the server was started
 * with another) and the sender is not in the organization's can_mention_many_users_group.
 * Direct messages are never restricted.
 */
export function checkWildcardMentions(
  store: Store,
  sender: UserRow,
  channel: ChannelRow,
  topic: string,
  facts: RenderFacts,
  threshold: number,
): void {
  if (!facts.channelWildcard && !facts.topicWildcard) return;
  const permissions = new MessagePermissions(store, sender);
  if (facts.channelWildcard && store.channels.subscribers(channel.id).length > threshold) {
    if (!permissions.canMentionManyUsers()) throw streamWildcardNotAllowed();
  }
  if (facts.topicWildcard && topicParticipants(store, channel.recipient_id, topic).size > threshold) {
    if (!permissions.canMentionManyUsers()) throw topicWildcardNotAllowed();
  }
}

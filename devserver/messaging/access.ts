import { canReadHistory } from '../access';
import { ApiError, badRequest } from '../http/errors';
import type { ChannelRow, MessageRow, UserRow } from '../store/rows';
import type { Store } from '../store/store';

export interface AccessedMessage {
  row: MessageRow;
  channel: ChannelRow | undefined;
  /** The user's flag bits, or undefined when they never received it (a historical message). */
  flags: number | undefined;
}

/** The {message_id} path segment; like Zulip's URL patterns, only digits match the route. */
export function messageIdParam(pathParams: Record<string, string>): number {
  const raw = pathParams['message_id'] ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, 'BAD_REQUEST', 'Endpoint not found');
  return Number(raw);
}

/** Zulip's answer for a message that does not exist or that the user may not read. */
export const invalidMessage = () => badRequest('Invalid message(s)');

/**
 * A message the user may read, as Zulip's access_message decides: one they received, or one in
 * a channel whose history they can read. Anything else (including a missing ID) is answered
 * like a missing message, so that access checks do not reveal which IDs exist.
 */
export function accessMessage(store: Store, user: UserRow, messageId: number): AccessedMessage {
  const [row] = store.messages.byIds([messageId]);
  if (!row) throw invalidMessage();
  const flags = store.messages.flagsFor(user.id, [messageId]).get(messageId);
  const channel = row.channel_id === null ? undefined : store.channels.byId(row.channel_id);
  if (flags !== undefined) return { row, channel, flags };
  if (channel && canReadHistory(user, channel, store.channels.subscription(user.id, channel.id))) {
    return { row, channel, flags };
  }
  throw invalidMessage();
}

/**
 * Users who should hear about a change to these messages: everyone holding a user_messages row,
 * plus, for channels with shared history, the current subscribers (Zulip's
 * event_recipient_ids_for_action_on_messages).
 */
export function audienceOf(store: Store, rows: readonly MessageRow[]): Set<number> {
  const users = new Set<number>();
  const channels = new Set<number>();
  for (const row of rows) {
    for (const userId of store.messageChanges.receivers(row.id).keys()) users.add(userId);
    if (row.channel_id !== null) channels.add(row.channel_id);
  }
  for (const channelId of channels) {
    const channel = store.channels.byId(channelId);
    if (channel && channel.history_public_to_subscribers === 1) {
      for (const userId of store.channels.subscribers(channelId)) users.add(userId);
    }
  }
  return users;
}

/**
 * The three things the outbox asks of the server: send a row, look for a row's message among
 * our own recent ones (when we cannot know whether an attempt reached the server), and fetch
 * a message into the cache so its echo can be replaced by it.
 */
import {
  NetworkError,
  getMessages,
  sendMessage,
  supports,
  toApiNarrow,
  type ApiClient,
  type SendMessageParams,
} from '../api';
import { CLIENT_NAME } from '../api/version';
import type { Pager } from '../accounts/pager';
import { narrowOfFilter } from '../store/narrows';
import type { OutboxEntry } from '../store/repos/outbox';
import { conversationOf } from './target';

/** How many of our newest messages in a conversation are searched for a row's message. */
export const RECOVERY_WINDOW = 100;

export interface OutboxServer {
  /** POST /messages for a row. */
  post(params: SendMessageParams & { queue_id?: string; local_id: string }): Promise<{ id: number }>;
  /**
   * Our own messages in the row's conversation (channel or DM) with ID above `floorId`, oldest
   * first, as Markdown, that this app could have sent: the same user posting from the web or a
   * phone (another `client`) is never taken for one of our sends.
   */
  ownMessagesAfter(entry: OutboxEntry, floorId: number): Promise<{ id: number; content: string }[]>;
  /** Brings message `id` into the cache; false when the server does not have it (any more). */
  cacheMessage(entry: OutboxEntry, id: number): Promise<boolean>;
}

export function outboxServer(
  client: ApiClient,
  featureLevel: () => number,
  selfId: number,
  pager: Pager,
): OutboxServer {
  return {
    post: (params) => sendMessage(client, params, featureLevel()),
    async ownMessagesAfter(entry, floorId) {
      const level = featureLevel();
      const narrow = [
        ...toApiNarrow(narrowOfFilter(conversationOf(entry), selfId), level, selfId),
        { operator: 'sender', operand: selfId },
      ];
      const res = await getMessages(client, {
        anchor: 'newest',
        num_before: RECOVERY_WINDOW,
        num_after: 0,
        narrow,
        // The Markdown as sent, to compare with what the row holds.
        apply_markdown: false,
        ...(supports(level, 'emptyTopic') ? { allow_empty_topic_name: true } : {}),
      });
      return (
        res.messages
          // Servers that leave out `client` cannot tell devices apart; content then decides alone.
          .filter((m) => m.id > floorId && (m.client === undefined || m.client === CLIENT_NAME))
          .sort((a, b) => a.id - b.id)
          .map((m) => ({ id: m.id, content: m.content }))
      );
    },
    async cacheMessage(entry, id) {
      const result = await pager.fetch(conversationOf(entry), id, 0, 0);
      // The pager falls back to the cache when the server cannot be asked; here that means "try later".
      if (result.fromCache) throw new NetworkError('unreachable', 'The sent message could not be fetched yet');
      return result.messages.some((m) => m.id === id);
    },
  };
}

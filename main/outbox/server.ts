/**
 * The two things the outbox asks of the server: send a row, and fetch a message into the cache
 * so its echo can be replaced by it. (It never searches the server for "our" message by its
 * words: the same user on another install may have sent the same ones.)
 */
import { NetworkError, sendMessage, type ApiClient, type SendMessageParams } from '../api';
import type { Pager } from '../accounts/pager';
import type { OutboxEntry } from '../store/repos/outbox';
import { conversationOf } from './target';

export interface OutboxServer {
  /** POST /messages for a row. */
  post(params: SendMessageParams & { queue_id?: string; local_id: string }): Promise<{ id: number }>;
  /** Brings message `id` into the cache; false when the server does not have it (any more). */
  cacheMessage(entry: OutboxEntry, id: number): Promise<boolean>;
}

export function outboxServer(client: ApiClient, featureLevel: () => number, pager: Pager): OutboxServer {
  return {
    post: (params) => sendMessage(client, params, featureLevel()),
    async cacheMessage(entry, id) {
      const result = await pager.fetch(conversationOf(entry), id, 0, 0);
      // The pager falls back to the cache when the server cannot be asked; here that means "try later".
      if (result.fromCache) throw new NetworkError('unreachable', 'The sent message could not be fetched yet');
      return result.messages.some((m) => m.id === id);
    },
  };
}

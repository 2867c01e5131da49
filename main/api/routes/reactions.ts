/** Emoji reactions on messages. */
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';

export interface EmojiParams {
  emoji_name: string;
  /** Names the emoji unambiguously within reaction_type (e.g. "1f389" for a Unicode emoji). */
  emoji_code?: string;
  /** unicode_emoji (the server's default), realm_emoji or zulip_extra_emoji. */
  reaction_type?: string;
}

/** POST /messages/{message_id}/reactions: adds the user's reaction (REACTION_ALREADY_EXISTS if it is there). */
export function addReaction(
  client: ApiClient,
  messageId: number,
  emoji: EmojiParams,
  opts: RequestOptions = {},
): Promise<unknown> {
  return client.request('POST', `/messages/${messageId}/reactions`, { ...emoji }, SuccessEnvelope, opts);
}

/** DELETE /messages/{message_id}/reactions: removes the user's reaction (REACTION_DOES_NOT_EXIST if it is not). */
export function removeReaction(
  client: ApiClient,
  messageId: number,
  emoji: EmojiParams,
  opts: RequestOptions = {},
): Promise<unknown> {
  return client.request('DELETE', `/messages/${messageId}/reactions`, { ...emoji }, SuccessEnvelope, opts);
}

/** Sending and reading messages. */
import * as z from 'zod';
import type { Anchor } from '../../../common/model';
import type { ApiClient, RequestOptions } from '../client';
import { supports } from '../features';
import type { ApiNarrow } from '../narrow';
import { SuccessEnvelope } from '../schemas/common';
import { Message } from '../schemas/message';

interface SendCommon {
  content: string;
  /** With local_id: the server echoes local_id in this queue's message event (local echo). */
  queue_id?: string;
  local_id?: string;
  /** FL 236; left out for older servers. */
  read_by_sender?: boolean;
}

/** Where to send, in today's names; sendMessage translates for older servers. */
export type SendMessageParams =
  | (SendCommon & { type: 'channel'; to: number | string; topic: string })
  | (SendCommon & { type: 'direct'; to: number[] | string[] });

const SendMessageResponse = SuccessEnvelope.extend({
  id: z.number().int(),
  /** FL 218: the topic's visibility policy changed because of this send (2 unmuted, 3 followed). */
  automatic_new_visibility_policy: z.number().int().optional(),
});
export type SendMessageResponse = z.infer<typeof SendMessageResponse>;

/** The `type` value a server at this level understands. */
export function wireMessageType(type: 'channel' | 'direct', featureLevel: number): string {
  if (type === 'direct') return supports(featureLevel, 'directMessageType') ? 'direct' : 'private';
  return supports(featureLevel, 'channelMessageType') ? 'channel' : 'stream';
}

/** POST /messages: sends a channel or direct message. */
export function sendMessage(
  client: ApiClient,
  params: SendMessageParams,
  featureLevel: number,
  opts: RequestOptions = {},
): Promise<SendMessageResponse> {
  const body: Record<string, unknown> = {
    type: wireMessageType(params.type, featureLevel),
    to: params.to,
    content: params.content,
    topic: params.type === 'channel' ? params.topic : undefined,
    queue_id: params.queue_id,
    local_id: params.local_id,
    read_by_sender: supports(featureLevel, 'readBySender') ? params.read_by_sender : undefined,
  };
  return client.request('POST', '/messages', body, SendMessageResponse, opts);
}

/** The most messages GET /messages returns in one call; asking for more is a server error. */
export const MAX_MESSAGES_PER_REQUEST = 5000;

export interface GetMessagesParams {
  anchor?: Anchor;
  num_before?: number;
  num_after?: number;
  include_anchor?: boolean;
  narrow?: ApiNarrow;
  /** Default false here: we want every avatar URL. */
  client_gravatar?: boolean;
  apply_markdown?: boolean;
  /** FL 300; cannot be combined with anchor or num_*. */
  message_ids?: number[];
  allow_empty_topic_name?: boolean;
}

const GetMessagesResponse = SuccessEnvelope.extend({
  /**
   * Absent when message_ids was used. Not .int(): for "newest" Zulip answers 10^16, above
   * Number.MAX_SAFE_INTEGER, which zod's int check rejects.
   */
  anchor: z.number().optional(),
  found_newest: z.boolean().default(false),
  found_oldest: z.boolean().default(false),
  found_anchor: z.boolean().optional(),
  history_limited: z.boolean().optional(),
  messages: z.array(Message),
});
export type GetMessagesResponse = z.infer<typeof GetMessagesResponse>;

function checkGetMessagesParams(p: GetMessagesParams): void {
  const ranged = p.anchor !== undefined || p.num_before !== undefined || p.num_after !== undefined;
  if (p.message_ids !== undefined && ranged) {
    throw new RangeError('GET /messages: message_ids cannot be combined with anchor, num_before or num_after');
  }
  const count = p.message_ids?.length ?? (p.num_before ?? 0) + (p.num_after ?? 0);
  if (count > MAX_MESSAGES_PER_REQUEST) {
    throw new RangeError(`GET /messages: asked for ${count} messages; the limit is ${MAX_MESSAGES_PER_REQUEST}`);
  }
}

/** GET /messages: a page of messages around an anchor, or specific IDs, in a narrow. */
export async function getMessages(
  client: ApiClient,
  params: GetMessagesParams,
  opts: RequestOptions = {},
): Promise<GetMessagesResponse> {
  checkGetMessagesParams(params);
  const query: Record<string, unknown> = { ...params, client_gravatar: params.client_gravatar ?? false };
  // Anchors travel as plain text ("newest", "42"); an anchor-less range means "newest".
  if (params.message_ids === undefined) query['anchor'] = String(params.anchor ?? 'newest');
  return client.request('GET', '/messages', query, GetMessagesResponse, opts);
}

/**
 * GET /messages for one message by ID, or null when the user cannot see it (deleted, or moved
 * out of reach). Servers before FL 300 lack message_ids; there the message is its own
 * one-message window.
 */
export async function getOneMessage(
  client: ApiClient,
  messageId: number,
  featureLevel: number,
  applyMarkdown: boolean,
  opts: RequestOptions = {},
): Promise<Message | null> {
  const params: GetMessagesParams = supports(featureLevel, 'messageIdsInGetMessages')
    ? { message_ids: [messageId], apply_markdown: applyMarkdown }
    : {
        anchor: messageId,
        num_before: 0,
        num_after: 0,
        include_anchor: true,
        narrow: [],
        apply_markdown: applyMarkdown,
      };
  const { messages } = await getMessages(client, params, opts);
  return messages.find((m) => m.id === messageId) ?? null;
}

/** GET /messages with apply_markdown=false: one message's content as its sender wrote it (Markdown). */
export async function getRawMessageContent(
  client: ApiClient,
  messageId: number,
  featureLevel: number,
  opts: RequestOptions = {},
): Promise<string | null> {
  return (await getOneMessage(client, messageId, featureLevel, false, opts))?.content ?? null;
}

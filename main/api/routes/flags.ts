/** Personal message flags (read, starred, collapsed) and marking whole narrows read. */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import type { ApiNarrow } from '../narrow';
import { SuccessEnvelope } from '../schemas/common';

/** The flags a user may set; the others (mentioned, has_alert_word, ...) are the server's. */
export type UserSettableFlag = 'read' | 'starred' | 'collapsed';

const UpdateFlagsResponse = SuccessEnvelope.extend({
  /** The messages whose flag actually changed. */
  messages: z.array(z.number().int()),
  /** FL 355: channels the user left, whose messages were skipped. */
  ignored_because_not_subscribed_channels: z.array(z.number().int()).optional(),
});
export type UpdateFlagsResponse = z.infer<typeof UpdateFlagsResponse>;

/** POST /messages/flags: adds or removes one flag on the given messages. */
export function updateMessageFlags(
  client: ApiClient,
  params: { messages: number[]; op: 'add' | 'remove'; flag: UserSettableFlag },
  opts: RequestOptions = {},
): Promise<UpdateFlagsResponse> {
  return client.request('POST', '/messages/flags', { ...params }, UpdateFlagsResponse, opts);
}

const FlagsForNarrowResponse = SuccessEnvelope.extend({
  processed_count: z.number().int(),
  updated_count: z.number().int(),
  /** Null when nothing was processed. */
  first_processed_id: z.number().int().nullable(),
  last_processed_id: z.number().int().nullable(),
  found_oldest: z.boolean(),
  found_newest: z.boolean(),
  ignored_because_not_subscribed_channels: z.array(z.number().int()).optional(),
});
export type FlagsForNarrowResponse = z.infer<typeof FlagsForNarrowResponse>;

export interface FlagsForNarrowParams {
  /** A message ID, or 'oldest' / 'newest' / 'first_unread'. */
  anchor: number | 'oldest' | 'newest' | 'first_unread';
  include_anchor?: boolean;
  num_before: number;
  num_after: number;
  narrow: ApiNarrow;
  op: 'add' | 'remove';
  flag: UserSettableFlag;
}

/**
 * POST /messages/flags/narrow (FL 155): adds or removes a flag on a window of a narrow, in the
 * server's own batches; the caller walks on from last_processed_id until found_newest.
 */
export function updateMessageFlagsForNarrow(
  client: ApiClient,
  params: FlagsForNarrowParams,
  opts: RequestOptions = {},
): Promise<FlagsForNarrowResponse> {
  const body = { ...params, anchor: String(params.anchor) };
  return client.request('POST', '/messages/flags/narrow', body, FlagsForNarrowResponse, opts);
}

/** Older servers' answer to the mark_*_as_read routes; FL 153 added `complete` to mark_all_as_read. */
const MarkAsReadResponse = SuccessEnvelope.extend({ complete: z.boolean().optional() });
export type MarkAsReadResponse = z.infer<typeof MarkAsReadResponse>;

/** POST /mark_all_as_read: marks every message read (deprecated since FL 153 in favour of flags/narrow). */
export function markAllAsRead(client: ApiClient, opts: RequestOptions = {}): Promise<MarkAsReadResponse> {
  return client.request('POST', '/mark_all_as_read', {}, MarkAsReadResponse, opts);
}

/** POST /mark_stream_as_read: marks every message of a channel read (deprecated in favour of flags/narrow). */
export function markChannelAsRead(
  client: ApiClient,
  channelId: number,
  opts: RequestOptions = {},
): Promise<MarkAsReadResponse> {
  return client.request('POST', '/mark_stream_as_read', { stream_id: channelId }, MarkAsReadResponse, opts);
}

/** POST /mark_topic_as_read: marks every message of a topic read (deprecated in favour of flags/narrow). */
export function markTopicAsRead(
  client: ApiClient,
  channelId: number,
  topic: string,
  opts: RequestOptions = {},
): Promise<MarkAsReadResponse> {
  const body = { stream_id: channelId, topic_name: topic };
  return client.request('POST', '/mark_topic_as_read', body, MarkAsReadResponse, opts);
}

/** Editing, moving and deleting messages. */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface EditMessageParams {
  /** New Markdown content. Cannot be combined with stream_id. */
  content?: string;
  /** New topic (a move, or a rename of the whole topic with change_all). */
  topic?: string;
  /** New channel. Cannot be combined with content. */
  stream_id?: number;
  /** Which messages a topic or channel change applies to; the server's default is change_one. */
  propagate_mode?: PropagateMode;
  send_notification_to_old_thread?: boolean;
  send_notification_to_new_thread?: boolean;
}

const EditMessageResponse = SuccessEnvelope.extend({
  /** FL 285: uploads no longer referenced by any message after the edit. */
  detached_uploads: z.array(z.looseObject({ id: z.number().int() })).optional(),
});
export type EditMessageResponse = z.infer<typeof EditMessageResponse>;

/**
 * PATCH /messages/{message_id}: edits content and/or moves the message (and, by propagate_mode,
 * the rest of its topic). The change itself arrives as an update_message event.
 */
export function editMessage(
  client: ApiClient,
  messageId: number,
  params: EditMessageParams,
  opts: RequestOptions = {},
): Promise<EditMessageResponse> {
  if (params.content !== undefined && params.stream_id !== undefined) {
    throw new RangeError('PATCH /messages: content and stream_id cannot be changed in one request');
  }
  if (params.content === undefined && params.topic === undefined && params.stream_id === undefined) {
    throw new RangeError('PATCH /messages: nothing to change');
  }
  return client.request('PATCH', `/messages/${messageId}`, { ...params }, EditMessageResponse, opts);
}

/** DELETE /messages/{message_id}: deletes a message; delete_message events follow. */
export function deleteMessage(client: ApiClient, messageId: number, opts: RequestOptions = {}): Promise<unknown> {
  return client.request('DELETE', `/messages/${messageId}`, {}, SuccessEnvelope, opts);
}

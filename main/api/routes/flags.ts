/** Personal message flags (read, starred, collapsed). */
import { z } from 'zod';
import type { ApiClient, RequestOptions } from '../client';
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

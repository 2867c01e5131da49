/** "… is editing" notices for a message the user is editing (Zulip 10.0, feature level 351). */
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';

/** The level the notices appeared at, as POST /message_edit_typing with message_id in the body. */
export const EDIT_TYPING_LEVEL = 351;
/** The level the route moved to POST /messages/{message_id}/typing. */
export const EDIT_TYPING_PATH_LEVEL = 361;

/** Sends start or stop; a server before level 351 has no such notices, so nothing is sent. */
export async function setEditTyping(
  client: ApiClient,
  messageId: number,
  op: 'start' | 'stop',
  featureLevel: number,
  opts: RequestOptions = {},
): Promise<boolean> {
  if (featureLevel < EDIT_TYPING_LEVEL) return false;
  if (featureLevel >= EDIT_TYPING_PATH_LEVEL) {
    await client.request('POST', `/messages/${messageId}/typing`, { op }, SuccessEnvelope, opts);
  } else {
    await client.request('POST', '/message_edit_typing', { op, message_id: messageId }, SuccessEnvelope, opts);
  }
  return true;
}

/**
 * typing_edit_message events, like typing events, change nothing on disk: they become a delta
 * that main/records keeps in memory for the server's expiry period. The user's own edits (from
 * another client) are no news to them.
 */
import type { TypingEditMessageEvent } from '../../api/schemas/record-events';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyTypingEdit({ selfUserId }: ApplyContext, ev: TypingEditMessageEvent): Delta[] {
  if (ev.sender_id === selfUserId) return [];
  return [{ kind: 'typingEdit', op: ev.op, senderId: ev.sender_id, messageId: ev.message_id }];
}

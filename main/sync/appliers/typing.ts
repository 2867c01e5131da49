/**
 * typing events change nothing on disk: they become a delta that main/records/typing.ts keeps
 * in memory (and forgets after the server's expiry period). The narrow is the conversation as
 * this user sees it: a topic, or a DM with the other participants.
 */
import type { TypingEvent } from '../../api/schemas/record-events';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyTyping({ selfUserId, log }: ApplyContext, ev: TypingEvent): Delta[] {
  const senderId = ev.sender.user_id;
  if (senderId === selfUserId) return [];
  if (ev.message_type === 'stream' || ev.message_type === 'channel') {
    if (ev.stream_id === undefined || ev.topic === undefined) {
      log.debug('channel typing event without channel or topic; ignored', { id: ev.id });
      return [];
    }
    return [
      { kind: 'typing', op: ev.op, senderId, narrow: { kind: 'topic', channelId: ev.stream_id, topic: ev.topic } },
    ];
  }
  const others = [...new Set((ev.recipients ?? []).map((r) => r.user_id))]
    .filter((id) => id !== selfUserId)
    .sort((a, b) => a - b);
  return [{ kind: 'typing', op: ev.op, senderId, narrow: { kind: 'dm', userIds: others } }];
}

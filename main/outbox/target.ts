/** Where an outbox row goes: cache columns for matching echoes to narrows, and the POST /messages address. */
import type { ComposeTarget } from '../../common/model';
import type { SendMessageParams } from '../api';
import { dmKeyOf, type NarrowFilter } from '../store/narrows';

export function targetColumns(
  to: ComposeTarget,
  selfId: number,
): { channelId: number | null; topic: string; dmKey: string | null } {
  return to.kind === 'channel'
    ? { channelId: to.channelId, topic: to.topic, dmKey: null }
    : { channelId: null, topic: '', dmKey: dmKeyOf([...to.userIds, selfId]) };
}

/**
 * The self-DM is addressed to oneself; the app's narrow lists no one for it. read_by_sender:
 * the user just wrote it, so it must not count as unread (the server would otherwise guess
 * from the client name).
 */
export function sendParams(to: ComposeTarget, content: string, selfId: number): SendMessageParams {
  return to.kind === 'channel'
    ? { type: 'channel', to: to.channelId, topic: to.topic, content, read_by_sender: true }
    : { type: 'direct', to: to.userIds.length > 0 ? [...to.userIds] : [selfId], content, read_by_sender: true };
}

/** The conversation an outbox row belongs to, as a cache narrow (the whole channel for channel rows). */
export function conversationOf(e: { channelId: number | null; dmKey: string | null }): NarrowFilter {
  return e.channelId !== null ? { kind: 'channel', channelId: e.channelId } : { kind: 'dm', dmKey: e.dmKey ?? '' };
}

/** Where an outbox row goes: cache columns for matching echoes to narrows, and the POST /messages address. */
import type { ComposeTarget } from '../../common/model';
import type { SendMessageParams } from '../api';
import { dmKeyOf } from '../store/narrows';

export function targetColumns(
  to: ComposeTarget,
  selfId: number,
): { channelId: number | null; topic: string; dmKey: string | null } {
  return to.kind === 'channel'
    ? { channelId: to.channelId, topic: to.topic, dmKey: null }
    : { channelId: null, topic: '', dmKey: dmKeyOf([...to.userIds, selfId]) };
}

/** The self-DM is addressed to oneself; the app's narrow lists no one for it. */
export function sendParams(to: ComposeTarget, content: string, selfId: number): SendMessageParams {
  return to.kind === 'channel'
    ? { type: 'channel', to: to.channelId, topic: to.topic, content }
    : { type: 'direct', to: to.userIds.length > 0 ? [...to.userIds] : [selfId], content };
}

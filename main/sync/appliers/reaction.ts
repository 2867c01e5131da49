/** reaction add/remove events; reactions of uncached messages are not kept (they come with the message). */
import type { ReactionEvent } from '../../api';
import { toStoredReaction } from '../convert';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyReaction({ store }: ApplyContext, ev: ReactionEvent): Delta[] {
  store.versions.touch([ev.message_id], 'reactions');
  const r = toStoredReaction(ev);
  const cached =
    ev.op === 'add' ? store.messages.addReaction(ev.message_id, r) : store.messages.removeReaction(ev.message_id, r);
  return cached ? [{ kind: 'messagesUpdated', ids: [ev.message_id] }] : [];
}

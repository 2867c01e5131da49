/**
 * delete_message events, bulk (message_ids) or one by one (widened to message_ids by the API
 * layer); also sent when the user loses access to messages. The messages leave the cache with
 * their reactions, search text, star and unread entry. Ranges stay true: the server no longer
 * has the messages either. The topic stays listed: older messages we never fetched may remain.
 */
import type { DeleteMessageEvent } from '../../api';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyDeleteMessage({ store }: ApplyContext, ev: DeleteMessageEvent): Delta[] {
  store.versions.touchStructure(ev.message_ids, 'whole');
  const removed = store.messages.deleteMany(ev.message_ids);
  const wereUnread = store.unreads.remove(ev.message_ids);
  const deltas: Delta[] = [];
  if (removed.length > 0) deltas.push({ kind: 'messagesRemoved', ids: removed });
  if (wereUnread.length > 0 || removed.length > 0) deltas.push({ kind: 'sidebarChanged' });
  return deltas;
}

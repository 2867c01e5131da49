/**
 * message events: a new message is cached with its read, mention and starred state, topic and
 * DM bookkeeping (store/cache-messages). When it is our own send (matched by local_id, or by
 * the ID POST /messages returned), it replaces the local echo instead of being announced as new.
 * Ranges need nothing: one open to the newest message already covers it.
 */
import type { MessageEvent } from '../../api';
import { cacheMessages } from '../../store/cache-messages';
import { toCachedMessage } from '../convert';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyMessage({ store }: ApplyContext, ev: MessageEvent): Delta[] {
  const m = toCachedMessage(ev.message, ev.flags);
  cacheMessages(store, [m]);

  const echo = (ev.local_id !== undefined ? store.outbox.get(ev.local_id) : null) ?? store.outbox.byMessageId(m.id);
  if (echo) {
    store.outbox.remove(echo.localId);
    return [{ kind: 'echoConfirmed', localId: echo.localId, id: m.id }, { kind: 'sidebarChanged' }];
  }
  return [{ kind: 'messagesAdded', ids: [m.id] }, { kind: 'sidebarChanged' }];
}

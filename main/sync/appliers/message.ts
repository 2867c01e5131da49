/**
 * message events: a new message is cached with its read state, topic and DM bookkeeping.
 * When it is our own send (matched by local_id, or by the ID POST /messages returned),
 * it replaces the local echo instead of being announced as new.
 */
import type { MessageEvent } from '../../api';
import { toCachedMessage } from '../convert';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyMessage({ store }: ApplyContext, ev: MessageEvent): Delta[] {
  const m = toCachedMessage(ev.message, ev.flags);
  store.messages.upsertMany([m]);
  if (!m.read) {
    store.unreads.add([
      { messageId: m.id, channelId: m.channelId, topic: m.channelId === null ? null : m.topic, dmKey: m.dmKey },
    ]);
  }
  if (m.channelId !== null) store.topics.note(m.channelId, m.topic, m.id);
  if (m.dmKey !== null) store.recentDms.note(m.dmKey, m.id);

  const echo = (ev.local_id !== undefined ? store.outbox.get(ev.local_id) : null) ?? store.outbox.byMessageId(m.id);
  if (echo) {
    store.outbox.remove(echo.localId);
    return [{ kind: 'echoConfirmed', localId: echo.localId, id: m.id }, { kind: 'sidebarChanged' }];
  }
  return [{ kind: 'messagesAdded', ids: [m.id] }, { kind: 'sidebarChanged' }];
}

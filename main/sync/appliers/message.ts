/**
 * message events: a new message is cached with its read, mention and starred state, topic and
 * DM bookkeeping (store/cache-messages). When it is our own send (matched by local_id, or by
 * the ID POST /messages returned), it replaces the local echo instead of being announced as new.
 * Ranges need nothing: one open to the newest message already covers it.
 *
 * A run of message events (a poll after a pause brings hundreds) is stored with one
 * cacheMessages call; the deltas are still one pair per event, as if applied one at a time.
 */
import type { MessageEvent } from '../../api';
import { cacheMessages } from '../../store/cache-messages';
import { toCachedMessage } from '../convert';
import { touchOf, type Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyMessage(ctx: ApplyContext, ev: MessageEvent): Delta[] {
  return applyMessages(ctx, [ev]);
}

export function applyMessages({ store }: ApplyContext, events: readonly MessageEvent[]): Delta[] {
  const messages = events.map((ev) => toCachedMessage(ev.message, ev.flags));
  store.versions.touch(
    messages.map((m) => m.id),
    'whole',
  );
  cacheMessages(store, messages);

  const deltas: Delta[] = [];
  events.forEach((ev, i) => {
    const { id, channelId } = messages[i]!;
    const sidebar: Delta = { kind: 'sidebarChanged', touched: touchOf(channelId) };
    const echo = (ev.local_id !== undefined ? store.outbox.get(ev.local_id) : null) ?? store.outbox.byMessageId(id);
    if (echo) {
      store.outbox.remove(echo.localId);
      deltas.push({ kind: 'echoConfirmed', localId: echo.localId, id }, sidebar);
    } else {
      deltas.push({ kind: 'messagesAdded', ids: [id] }, sidebar);
    }
  });
  return deltas;
}

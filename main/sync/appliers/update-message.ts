/**
 * update_message events: a content edit changes one cached message; a move changes the
 * channel/topic of every listed message, cached or only known as unread. Messages we never
 * had may have moved into the destination, so its ranges stop being trusted.
 */
import type { UpdateMessageEvent } from '../../api';
import { filterKey } from '../../store/narrows';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

function applyMove({ store, log }: ApplyContext, ev: UpdateMessageEvent): number[] {
  const channelId = ev.new_stream_id ?? ev.stream_id;
  const topic = ev.subject ?? ev.orig_subject;
  if (channelId === undefined || topic === undefined) {
    log.warn('update_message move without channel or topic; ignored', { id: ev.id, message_id: ev.message_id });
    return [];
  }
  const moved = store.messages.move(ev.message_ids, channelId, topic, ev.edit_timestamp ?? null);
  store.unreads.moveTo(ev.message_ids, channelId, topic);
  store.topics.note(channelId, topic, Math.max(...ev.message_ids));
  if (ev.propagate_mode === 'change_all' && ev.stream_id !== undefined && ev.orig_subject !== undefined) {
    store.topics.remove(ev.stream_id, ev.orig_subject);
  }
  store.ranges.forget(filterKey({ kind: 'topic', channelId, topic }));
  if (ev.new_stream_id !== undefined) store.ranges.forget(filterKey({ kind: 'channel', channelId }));
  return moved;
}

export function applyUpdateMessage(ctx: ApplyContext, ev: UpdateMessageEvent): Delta[] {
  const changed = new Set<number>();
  const deltas: Delta[] = [];
  if (ev.rendered_content !== undefined) {
    // rendering_only: the server re-rendered (e.g. an inline preview arrived); nobody edited it.
    const editedAt = ev.rendering_only ? null : (ev.edit_timestamp ?? null);
    if (ctx.store.messages.setContent(ev.message_id, ev.rendered_content, editedAt)) changed.add(ev.message_id);
  }
  if (ev.subject !== undefined || ev.new_stream_id !== undefined) {
    applyMove(ctx, ev).forEach((id) => changed.add(id));
    deltas.push({ kind: 'sidebarChanged' });
  }
  if (changed.size > 0) deltas.push({ kind: 'messagesUpdated', ids: [...changed] });
  return deltas;
}

/**
 * update_message_flags events. read lives in the unreads table (so uncached messages count);
 * marking unread needs where the message is, from the cache or from message_details.
 */
import type { UpdateMessageFlagsEvent } from '../../api';
import { dmKeyOf } from '../../store/narrows';
import type { UnreadEntry } from '../../store/repos/unreads';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

function unreadEntries({ store, selfUserId, log }: ApplyContext, ev: UpdateMessageFlagsEvent): UnreadEntry[] {
  const cached = new Map(store.messages.getByIds(ev.messages).map((m) => [m.id, m]));
  const entries: UnreadEntry[] = [];
  for (const id of ev.messages) {
    const m = cached.get(id);
    if (m) {
      entries.push({
        messageId: id,
        channelId: m.channelId,
        topic: m.channelId === null ? null : m.topic,
        dmKey: m.dmKey,
      });
      continue;
    }
    const d = ev.message_details?.[String(id)] as Record<string, unknown> | undefined;
    if (d && typeof d['stream_id'] === 'number' && typeof d['topic'] === 'string') {
      entries.push({ messageId: id, channelId: d['stream_id'], topic: d['topic'], dmKey: null });
    } else if (d && Array.isArray(d['user_ids'])) {
      const others = d['user_ids'].filter((u): u is number => typeof u === 'number');
      entries.push({ messageId: id, channelId: null, topic: null, dmKey: dmKeyOf([...others, selfUserId]) });
    } else {
      log.warn('marked unread, but where the message lives is unknown; not counted', { message_id: id });
    }
  }
  return entries;
}

export function applyUpdateMessageFlags(ctx: ApplyContext, ev: UpdateMessageFlagsEvent): Delta[] {
  const { store } = ctx;
  const on = ev.op === 'add';
  if (ev.flag === 'read') {
    let ids: number[];
    if (on) {
      ids = ev.all ? store.unreads.removeAll() : store.unreads.remove(ev.messages);
    } else {
      const entries = unreadEntries(ctx, ev);
      store.unreads.add(entries);
      ids = entries.map((e) => e.messageId);
    }
    return [{ kind: 'messagesUpdated', ids: store.messages.cachedIds(ids) }, { kind: 'sidebarChanged' }];
  }
  const ids =
    ev.flag === 'starred'
      ? store.messages.setStarred(ev.messages, on)
      : store.messages.setOtherFlag(ev.messages, ev.flag, on);
  return ids.length > 0 ? [{ kind: 'messagesUpdated', ids }] : [];
}

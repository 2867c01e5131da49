/**
 * update_message_flags events. Read state lives in the unreads table (so uncached messages
 * count); marking unread needs where the message is and whether it mentions the user, from the
 * cache or from message_details. Starred lives in the starred table, cached or not.
 */
import type { UpdateMessageFlagsEvent } from '../../api';
import { unreadEntryOf } from '../../store/cache-messages';
import { dmKeyOf } from '../../store/narrows';
import { MENTION_FLAGS, isMentioned } from '../../store/repos/message-rows';
import type { UnreadEntry } from '../../store/repos/unreads';
import { touchedBy, type Delta, type SidebarTouch } from '../deltas';
import type { ApplyContext } from './context';

function fromDetails(id: number, d: Record<string, unknown> | undefined, selfUserId: number): UnreadEntry | null {
  if (!d) return null;
  const mentioned = d['mentioned'] === true || d['wildcard_mentioned'] === true;
  if (typeof d['stream_id'] === 'number' && typeof d['topic'] === 'string') {
    return { messageId: id, channelId: d['stream_id'], topic: d['topic'], dmKey: null, mentioned };
  }
  if (Array.isArray(d['user_ids'])) {
    // The other participants; empty for the self-DM.
    const others = d['user_ids'].filter((u): u is number => typeof u === 'number');
    return { messageId: id, channelId: null, topic: null, dmKey: dmKeyOf([...others, selfUserId]), mentioned };
  }
  return null;
}

function unreadEntries({ store, selfUserId, log }: ApplyContext, ev: UpdateMessageFlagsEvent): UnreadEntry[] {
  const cached = new Map(store.messages.getByIds(ev.messages).map((m) => [m.id, m]));
  const entries: UnreadEntry[] = [];
  for (const id of ev.messages) {
    const m = cached.get(id);
    const entry = m ? unreadEntryOf(m) : fromDetails(id, ev.message_details?.[String(id)], selfUserId);
    if (entry) entries.push(entry);
    else log.warn('marked unread, but where the message lives is unknown; not counted', { message_id: id });
  }
  return entries;
}

function applyRead(ctx: ApplyContext, event: UpdateMessageFlagsEvent): Delta[] {
  const { store } = ctx;
  // Not what a later request of the user's asked for: that request's own event comes after.
  const ev = event.all ? event : { ...event, messages: store.readIntents.admit(event.messages, event.op === 'add') };
  let ids: number[];
  // The conversations whose rows change; undefined (everything) when all is marked read.
  let touched: SidebarTouch | undefined;
  if (ev.op === 'add') {
    if (ev.all) ids = store.unreads.removeAll();
    else {
      touched = touchedBy(store.unreads.inScope({ kind: 'messages', ids: ev.messages }));
      ids = store.unreads.remove(ev.messages);
    }
  } else {
    const entries = unreadEntries(ctx, ev);
    store.unreads.add(entries);
    ids = entries.map((e) => e.messageId);
    touched = touchedBy(entries);
  }
  if (ids.length === 0) return [];
  const cached = store.messages.cachedIds(ids);
  const sidebar: Delta = touched ? { kind: 'sidebarChanged', touched } : { kind: 'sidebarChanged' };
  return cached.length > 0
    ? [{ kind: 'flagsChanged', flag: 'read', on: ev.op === 'add', ids: cached }, sidebar]
    : [sidebar];
}

export function applyUpdateMessageFlags(ctx: ApplyContext, ev: UpdateMessageFlagsEvent): Delta[] {
  const { store } = ctx;
  const on = ev.op === 'add';
  if (ev.all) store.versions.touchEverything();
  else store.versions.touch(ev.messages, ev.flag === 'read' ? 'read' : ev.flag === 'starred' ? 'starred' : 'content');
  if (ev.flag === 'read') return applyRead(ctx, ev);
  if (ev.flag === 'starred') {
    const ids = store.messages.setStarred(ev.messages, on);
    return ids.length > 0 ? [{ kind: 'flagsChanged', flag: 'starred', on, ids }] : [];
  }
  const ids = store.messages.setOtherFlag(ev.messages, ev.flag, on);
  if (!MENTION_FLAGS.has(ev.flag)) return ids.length > 0 ? [{ kind: 'messagesUpdated', ids }] : [];
  // A mention flag changed (the server's own, e.g. after an edit): recount unread mentions.
  for (const m of store.messages.getByIds(ids)) {
    if (!m.read) store.unreads.setMentioned(m.id, isMentioned(m.otherFlags));
  }
  return ids.length > 0 ? [{ kind: 'messagesUpdated', ids }, { kind: 'sidebarChanged' }] : [];
}

/**
 * update_message events. A content edit (or a server re-render) changes message_id only; a move
 * changes the channel and/or topic of every ID in message_ids, cached or only known as unread.
 * `flags` is the user's flags on message_id after the edit, so an edit that adds or drops a
 * mention changes the unread mention count.
 *
 * Ranges after a move: every cached message that moved went with the cache, so the ranges of the
 * narrows it left stay true. A narrow it joined stays true except where a message we never had
 * moved in: those IDs are cut out of the destination's ranges (its topic, and its channel when
 * the channel changed), so no range claims a message the cache does not hold. A cached message
 * no verified range vouched for where it was (maybe a copy from before a gap) is unverified where
 * it lands.
 */
import type { UpdateMessageEvent } from '../../api';
import type { AccountStore } from '../../store/account-store';
import { filterKey, keysOfMessage } from '../../store/narrows';
import { isMentioned } from '../../store/repos/message-rows';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

/** Flags with tables of their own; the rest are kept on the row. */
const OWN_FLAGS = new Set(['read', 'starred']);

const RESOLVED = '✔ ';

/** Resolving or unresolving a topic ("✔ " prefix) is a rename that does not count as a move. */
function isResolveOnly(ev: UpdateMessageEvent): boolean {
  if (ev.new_stream_id !== undefined && ev.new_stream_id !== ev.stream_id) return false;
  const from = ev.orig_subject;
  const to = ev.subject;
  return from !== undefined && to !== undefined && (to === RESOLVED + from || from === RESOLVED + to);
}

/**
 * Cached messages among these that no verified range vouches for where they are now: a copy from
 * before an event gap (kept outside any range, or in one not checked again yet) may be stale.
 */
function doubtfulCopies(store: AccountStore, ids: readonly number[]): number[] {
  const vouched = (key: string, id: number) =>
    store.ranges.containing(key, id) !== null && !store.unverified.overlaps(key, id, id);
  return store.messages
    .getByIds(ids)
    .filter((m) => !keysOfMessage(m).some((key) => vouched(key, m.id)))
    .map((m) => m.id);
}

function applyMove({ store, log }: ApplyContext, ev: UpdateMessageEvent): number[] {
  const channelId = ev.new_stream_id ?? ev.stream_id;
  const topic = ev.subject ?? ev.orig_subject;
  if (channelId === undefined || topic === undefined) {
    log.warn('update_message move without channel or topic; ignored', { id: ev.id, message_id: ev.message_id });
    return [];
  }
  store.versions.touchStructure(ev.message_ids, 'place');
  const movedAt = isResolveOnly(ev) ? null : (ev.edit_timestamp ?? null);
  const unverified = doubtfulCopies(store, ev.message_ids);
  const moved = store.messages.move(ev.message_ids, channelId, topic, movedAt);
  // A doubtful copy stays in doubt where it lands, or it would pass for verified there.
  for (const key of keysOfMessage({ channelId, topic, dmKey: null })) {
    for (const id of unverified) store.unverified.markOne(key, id);
  }
  store.unreads.moveTo(ev.message_ids, channelId, topic);

  const cached = new Set(moved);
  const missing = ev.message_ids.filter((id) => !cached.has(id));
  if (missing.length > 0) {
    store.ranges.punch(filterKey({ kind: 'topic', channelId, topic }), missing);
    if (ev.new_stream_id !== undefined && ev.new_stream_id !== ev.stream_id) {
      store.ranges.punch(filterKey({ kind: 'channel', channelId }), missing);
    }
  }

  // After change_all the old topic is empty. After change_one/change_later older messages we
  // never fetched may remain, so the topic stays listed. Removed before the new one is noted: a
  // rename that changes only letter case keeps the same (case-insensitive) topic row.
  if (ev.propagate_mode === 'change_all' && ev.stream_id !== undefined && ev.orig_subject !== undefined) {
    store.topics.remove(ev.stream_id, ev.orig_subject);
  }
  store.topics.note(channelId, topic, Math.max(...ev.message_ids));
  return moved;
}

function applyContent({ store }: ApplyContext, ev: UpdateMessageEvent): boolean {
  if (ev.rendered_content === undefined) return false;
  // rendering_only: the server re-rendered (e.g. an inline preview arrived); nobody edited it.
  const editedAt = ev.rendering_only ? null : (ev.edit_timestamp ?? null);
  return store.messages.setContent(ev.message_id, ev.rendered_content, editedAt);
}

/** Brings message_id's mention state (cached flags and its unread entry) in line with `flags`. */
function applyFlags({ store }: ApplyContext, ev: UpdateMessageEvent): boolean {
  if (ev.flags === undefined || ev.rendering_only) return false;
  const [m] = store.messages.getByIds([ev.message_id]);
  const others = ev.flags.filter((f) => !OWN_FLAGS.has(f));
  let changed = false;
  if (m && JSON.stringify([...m.otherFlags].sort()) !== JSON.stringify([...others].sort())) {
    store.messages.setOtherFlags(m.id, others);
    changed = true;
  }
  if (store.unreads.isUnread(ev.message_id)) {
    const [entry] = store.unreads.inScope({ kind: 'messages', ids: [ev.message_id] });
    if (entry && entry.mentioned !== isMentioned(others)) {
      store.unreads.setMentioned(ev.message_id, isMentioned(others));
      changed = true;
    }
  }
  return changed;
}

export function applyUpdateMessage(ctx: ApplyContext, ev: UpdateMessageEvent): Delta[] {
  ctx.store.versions.touch([ev.message_id], 'content');
  const changed = new Set<number>();
  const deltas: Delta[] = [];
  if (applyContent(ctx, ev)) changed.add(ev.message_id);
  if (applyFlags(ctx, ev)) {
    if (ctx.store.messages.has(ev.message_id)) changed.add(ev.message_id);
    deltas.push({ kind: 'sidebarChanged' });
  }
  const isMove =
    (ev.subject !== undefined && ev.subject !== ev.orig_subject) ||
    (ev.new_stream_id !== undefined && ev.new_stream_id !== ev.stream_id);
  if (isMove) {
    applyMove(ctx, ev).forEach((id) => changed.add(id));
    if (!deltas.some((d) => d.kind === 'sidebarChanged')) deltas.push({ kind: 'sidebarChanged' });
  }
  if (changed.size > 0) deltas.push({ kind: 'messagesUpdated', ids: [...changed] });
  return deltas;
}

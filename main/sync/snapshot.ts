/**
 * Replaces the snapshot tables with what POST /register returned, in one transaction, and
 * records the new queue. The event stream had a gap before this queue, so every range open
 * to "newest" is cut back to what is actually cached, and every range is marked unverified.
 */
import type { RegisterResponse } from '../api';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import { NEWEST, dmKeyOf, filterOfKey } from '../store/narrows';
import type { UnreadEntry } from '../store/repos/unreads';
import { toStoredUser, toSubscribedChannel } from './convert';
import { applyPresenceSnapshot } from './snapshot-presence';
import { applyRecordsSnapshot } from './snapshot-records';
import { applyScheduledSnapshot } from './snapshot-scheduled';

/** Register fields kept in the realm key/value table. */
const REALM_KEYS = [
  'realm_name',
  'realm_url',
  'realm_icon_url',
  'realm_empty_topic_display_name',
  'max_message_length',
  'max_topic_length',
  'max_stream_name_length',
  'max_stream_description_length',
  'max_file_upload_size_mib',
] as const;

function unreadEntries(r: RegisterResponse, selfId: number): UnreadEntry[] {
  const u = r.unread_msgs;
  if (!u) return [];
  const out: UnreadEntry[] = [];
  // Every ID in mentions is also listed under its channel or conversation below.
  const mentions = new Set(u.mentions);
  for (const s of u.streams) {
    for (const id of s.unread_message_ids)
      out.push({ messageId: id, channelId: s.stream_id, topic: s.topic, dmKey: null });
  }
  for (const pm of u.pms) {
    const other = pm.other_user_id ?? pm.sender_id ?? selfId;
    const dmKey = dmKeyOf([other, selfId]);
    for (const id of pm.unread_message_ids) out.push({ messageId: id, channelId: null, topic: null, dmKey });
  }
  for (const h of u.huddles) {
    const dmKey = dmKeyOf(h.user_ids_string.split(',').map(Number).concat(selfId));
    for (const id of h.unread_message_ids) out.push({ messageId: id, channelId: null, topic: null, dmKey });
  }
  for (const e of out) if (mentions.has(e.messageId)) e.mentioned = true;
  return out;
}

export function applySnapshot(
  store: AccountStore,
  r: RegisterResponse,
  selfId: number,
  now: number,
  log?: Logger,
): void {
  store.transaction(() => {
    const users = [
      ...(r.realm_users ?? []).map((u) => toStoredUser(u, true)),
      ...(r.realm_non_active_users ?? []).map((u) => toStoredUser(u, false)),
      ...(r.cross_realm_bots ?? []).map((u) => toStoredUser(u, true)),
    ];
    if (r.realm_users) store.users.replaceAll(users);
    if (r.subscriptions) store.channels.replaceSubscribed(r.subscriptions.map(toSubscribedChannel));
    if (r.recent_private_conversations) {
      store.recentDms.replaceAll(
        r.recent_private_conversations.map((c) => ({
          dmKey: dmKeyOf([...c.user_ids, selfId]),
          maxMessageId: c.max_message_id,
        })),
      );
    }
    if (r.unread_msgs) {
      const entries = unreadEntries(r, selfId);
      store.unreads.replaceAll(entries);
      for (const e of entries)
        if (e.channelId !== null && e.topic !== null) store.topics.note(e.channelId, e.topic, e.messageId);
    }
    if (r.starred_messages) store.starred.replaceAll(r.starred_messages);
    const realm: Record<string, unknown> = {};
    for (const key of REALM_KEYS) realm[key] = r[key];
    store.realm.replaceAll(realm);
    // Groups, folders, drafts, settings and every other non-message record (after the realm keys above).
    applyRecordsSnapshot(store, r, log);
    applyPresenceSnapshot(store, r, now, log);
    applyScheduledSnapshot(store, r, log);
    store.ranges.closeNewest((key, lo) => {
      const filter = filterOfKey(key);
      return filter ? (store.messages.readBefore(filter, NEWEST, lo, 1)[0]?.id ?? lo) : lo;
    });
    // The gap may have hidden edits, deletes and moves inside any range: each is checked again
    // (accounts/revalidator.ts), and a page asked for before this snapshot stores nothing stale.
    store.unverified.markAll();
    store.versions.touchEverything();
    store.syncState.setRegistered({
      queueId: r.queue_id,
      lastEventId: r.last_event_id,
      featureLevel: r.featureLevel,
      longpollTimeoutSeconds: r.longpollTimeoutSeconds,
      userId: r.user_id ?? selfId,
      registeredAt: now,
    });
  });
}

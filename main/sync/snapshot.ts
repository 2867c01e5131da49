/**
 * Replaces the snapshot tables with what POST /register returned and records the new queue. The
 * big lists (people, unread messages) are first staged in slices (snapshot-stage.ts); everything
 * is then made current in one transaction, so a reader never sees half a snapshot and a crash
 * before it commits leaves the previous cache. The event stream had a gap before this queue, so
 * every range open to "newest" is cut back to what is actually cached, and every range is marked
 * unverified.
 */
import type { RegisterResponse } from '../api';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import { yieldToEventLoop } from '../store/cache-messages';
import { NEWEST, dmKeyOf, filterOfKey } from '../store/narrows';
import { toSubscribedChannel } from './convert';
import { applyPresenceSnapshot } from './snapshot-presence';
import { applyRecordsSnapshot } from './snapshot-records';
import { applyScheduledSnapshot } from './snapshot-scheduled';
import { stageSnapshot, type Staged } from './snapshot-stage';

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

/** The whole snapshot at once, without yielding (tests, tools). */
export function applySnapshot(
  store: AccountStore,
  r: RegisterResponse,
  selfId: number,
  now: number,
  log?: Logger,
): void {
  const stager = stageSnapshot(store, r, selfId);
  let step = stager.next();
  while (!step.done) step = stager.next();
  swapSnapshot(store, r, selfId, now, step.value, log);
}

/**
 * The snapshot as the sync engine stores it: the staging slices yield to the event loop, so the
 * page's calls are answered between them; then the one transaction that makes it current. A
 * stop (signal) ends it between slices, leaving the cache as it was.
 */
export async function applySnapshotInSlices(
  store: AccountStore,
  r: RegisterResponse,
  selfId: number,
  now: number,
  log?: Logger,
  signal?: AbortSignal,
): Promise<void> {
  const stager = stageSnapshot(store, r, selfId);
  let step = stager.next();
  while (!step.done) {
    await yieldToEventLoop();
    signal?.throwIfAborted();
    step = stager.next();
  }
  swapSnapshot(store, r, selfId, now, step.value, log);
  // What follows (the account's whole sidebar, built and sent) would run in the same turn as the
  // swap: at 30,000 people the page's calls waited for both at once (~0.9 s, bench huge-start).
  await yieldToEventLoop();
}

function swapSnapshot(
  store: AccountStore,
  r: RegisterResponse,
  selfId: number,
  now: number,
  staged: Staged,
  log?: Logger,
): void {
  store.transaction(() => {
    if (staged.users) store.staging.swapUsers();
    if (r.subscriptions) store.channels.replaceSubscribed(r.subscriptions.map(toSubscribedChannel));
    if (r.recent_private_conversations) {
      store.recentDms.replaceAll(
        r.recent_private_conversations.map((c) => ({
          dmKey: dmKeyOf([...c.user_ids, selfId]),
          maxMessageId: c.max_message_id,
        })),
      );
    }
    if (staged.unreads) store.staging.swapUnreads();
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

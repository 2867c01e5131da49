/**
 * Messages that arrived while the event queue was lost (laptop asleep, server restart, a long
 * outage) never come as events. The new queue's snapshot still lists them as unread, so each
 * conversation whose unread messages are newer than the cache is fetched once: the sidebar,
 * open lists and notifications then learn of them as if they had come live.
 */
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import type { NarrowFilter } from '../store/narrows';
import type { Delta } from '../sync/deltas';
import type { Pager } from './pager';
import { deltasOf } from './revalidator';

/** How many of the open narrow's newest messages are refetched after an event gap. */
export const RESYNC_COUNT = 100;

/** At most this many conversations are fetched after one gap (the newest first). */
export const GAP_CONVERSATIONS = 20;
/** Newest messages fetched per conversation: enough for its unread ones in almost every gap. */
export const GAP_PER_CONVERSATION = 50;

/** The newest unread message ID the store knows of, or 0. */
export function newestUnread(store: AccountStore): number {
  let newest = 0;
  for (const t of store.unreads.countsByTopic()) newest = Math.max(newest, t.maxId);
  for (const d of store.unreads.countsByDm()) newest = Math.max(newest, d.maxId);
  return newest;
}

/** Conversations with unread messages newer than `newestCached`, most recent first. */
export function gapConversations(store: AccountStore, newestCached: number): NarrowFilter[] {
  const topics = store.unreads
    .countsByTopic()
    .filter((t) => t.maxId > newestCached)
    .map((t) => ({ maxId: t.maxId, filter: { kind: 'topic', channelId: t.channelId, topic: t.topic } as const }));
  const dms = store.unreads
    .countsByDm()
    .filter((d) => d.maxId > newestCached)
    .map((d) => ({ maxId: d.maxId, filter: { kind: 'dm', dmKey: d.dmKey } as const }));
  return [...topics, ...dms]
    .sort((a, b) => b.maxId - a.maxId)
    .slice(0, GAP_CONVERSATIONS)
    .map((c) => c.filter);
}

/** Fetches the gap's conversations; answers the IDs that are new to the cache and newer than `newestCached`. */
export async function catchUpGap(
  pager: Pager,
  store: AccountStore,
  newestCached: number,
  log: Logger,
): Promise<number[]> {
  const added = new Set<number>();
  for (const filter of gapConversations(store, newestCached)) {
    const result = await pager.fetch(filter, 'newest', GAP_PER_CONVERSATION, 0);
    // Unreachable again: the pager answered from the cache; the next queue will try again.
    if (result.fromCache) break;
    for (const id of result.newIds) if (id > newestCached) added.add(id);
  }
  if (added.size > 0) log.info('fetched messages that arrived while the event queue was lost', { count: added.size });
  return [...added].sort((a, b) => a - b);
}

export interface GapRefreshDeps {
  pager: Pager;
  store: AccountStore;
  log: Logger;
  openView: NarrowFilter | null;
  publish(deltas: Delta[]): void;
  notify(deltas: Delta[]): void;
}

/**
 * After a register: the newest of the open view is fetched again (what was added, changed or
 * removed meanwhile is corrected on screen), then the gap's conversations. `newestKnown` is the
 * newest message this run knew of, or null before its first queue. Answers the newest known now.
 */
export async function refreshAfterGap(d: GapRefreshDeps, newestKnown: number | null): Promise<number> {
  // After a lost queue, anything newer than what this run knew arrived during the gap; at start,
  // anything newer than the cache (nothing when the cache is empty: that is history, not news).
  const queueWasLost = newestKnown !== null;
  const newestCached = newestKnown ?? d.store.messages.newestId();
  if (d.openView) {
    const result = await d.pager.fetch(d.openView, 'newest', RESYNC_COUNT, 0, { report: true });
    const deltas = deltasOf(result);
    if (deltas.length > 0) d.publish(deltas);
  }
  if (newestCached > 0) {
    // Messages of the gap reach the lists and the sidebar; they ring only when this run lost its
    // queue (what arrived while the app was closed is not announced at start, as in Zulip).
    const gap = await catchUpGap(d.pager, d.store, newestCached, d.log);
    const deltas = [{ kind: 'messagesAdded' as const, ids: gap }];
    if (gap.length > 0) d.publish(deltas);
    if (gap.length > 0 && queueWasLost) d.notify(deltas);
  }
  return Math.max(newestCached, d.store.messages.newestId(), newestUnread(d.store));
}

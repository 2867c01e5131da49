/**
 * One fetched message against what changed it after its page was asked for. The page is right
 * about every part no later change touched; the cache is right about the parts a later change
 * replaced (an edit's text, a move's place, a read or star on another device), because those
 * changes carry the whole new value. So the stored message is the page's, with those parts taken
 * from the cache: a copy from before an event gap is not kept whole just because one part of it
 * was touched (it may sit at its old place, with its old text).
 *
 * It is only `exact` (equal to the server's state now) when every touched part could be taken
 * whole: a reaction event adds or removes one reaction on top of a copy that may be stale, and a
 * message not cached keeps no trace of an edit or a reaction. Those are rechecked (unverified).
 */
import type { AccountStore } from './account-store';
import { cacheMessages } from './cache-messages';
import { keysOfMessage } from './narrows';
import type { CachedMessage } from './repos/message-rows';
import type { Touch } from './versions';

export interface Merged {
  /** What to store, or null to leave the cache as it is (an event said everything after the page). */
  message: CachedMessage | null;
  /** The stored message equals the server's now. */
  exact: boolean;
}

/** `cached` is the cache's copy now (undefined when not cached); `changed` what was touched since the request. */
export function mergeNewer(
  store: AccountStore,
  fetched: CachedMessage,
  cached: CachedMessage | undefined,
  changed: readonly Touch[],
): Merged {
  if (changed.length === 0) return { message: fetched, exact: true };
  // A new message's event carried all of it; a deleted one is gone (the page must not bring it back).
  if (changed.includes('whole')) return { message: null, exact: cached !== undefined };
  let m = { ...fetched };
  let exact = true;
  for (const part of changed) {
    switch (part) {
      // Read and starred state are kept for messages not cached too (unreads, starred tables).
      case 'read':
        m.read = !store.unreads.isUnread(m.id);
        break;
      case 'starred':
        m.starred = store.starred.has(m.id);
        break;
      case 'content':
        if (cached) {
          m = {
            ...m,
            content: cached.content,
            lastEditTimestamp: cached.lastEditTimestamp,
            otherFlags: cached.otherFlags,
          };
        } else exact = false;
        break;
      case 'place':
        if (cached) {
          m = {
            ...m,
            channelId: cached.channelId,
            topic: cached.topic,
            dmKey: cached.dmKey,
            lastMovedTimestamp: cached.lastMovedTimestamp,
          };
        } else exact = false;
        break;
      case 'reactions':
        if (cached) m.reactions = cached.reactions;
        exact = false;
        break;
    }
  }
  return { message: m, exact };
}

/** Wherever a range vouches for one of these messages (a merge that was not exact), it is in doubt again; returns how many marks. */
export function markDoubtful(store: AccountStore, ids: readonly number[]): number {
  let marked = 0;
  for (const m of store.messages.getByIds(ids)) {
    for (const key of keysOfMessage(m)) {
      if (!store.ranges.containing(key, m.id)) continue;
      store.unverified.markOne(key, m.id);
      marked++;
    }
  }
  return marked;
}

/**
 * Stores messages a request fetched (search results) that began at `since` (CacheVersions.begin):
 * as a page does, every part an event or the user changed after that is kept from the cache.
 * Returns how many messages were left in doubt (see markDoubtful).
 */
export function cacheFetchedSince(store: AccountStore, messages: readonly CachedMessage[], since: number): number {
  const inexact: number[] = [];
  const toWrite = messages.flatMap((m) => {
    const changed = store.versions.changedSince(m.id, since);
    if (changed.length === 0) return [m];
    const merged = mergeNewer(store, m, store.messages.getByIds([m.id])[0], changed);
    if (!merged.exact) inexact.push(m.id);
    return merged.message ? [merged.message] : [];
  });
  return store.transaction(() => {
    cacheMessages(store, toWrite);
    return markDoubtful(store, inexact);
  });
}

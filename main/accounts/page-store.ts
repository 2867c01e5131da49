/**
 * Storing a fetched page so that, inside the range it proves, the cache equals the server's
 * answer, without undoing anything newer than the request:
 *
 * - Messages the server returned are written (content, place, flags, reactions); for those an
 *   event or the user changed after the request went out (CacheVersions), the parts changed are
 *   taken from the cache, which is newer there (store/merge-newer.ts). After a new snapshot (or "mark
 *   all read") nothing of the page is trusted at all.
 * - Cached messages of the narrow inside the range that the server did not return are gone from
 *   it (deleted, moved away, or no longer visible to us): their cached copy is dropped and cut out
 *   of the ranges that held it, so a narrow that may still have them asks the server again.
 * - The range is recorded only when no move, delete or new snapshot came while the request was
 *   in flight: those can change which messages a narrow holds. It counts as verified, except for
 *   the messages whose merge could not be exact (a reaction added on top of a copy that may be
 *   stale): those stay unverified wherever a range holds them, and are asked for again.
 */
import type { AccountStore } from '../store/account-store';
import { cacheMessagesInChunks, evictMessages } from '../store/cache-messages';
import { NEWEST, filterKey, keysOfMessage, type NarrowFilter } from '../store/narrows';
import type { CachedMessage } from '../store/repos/message-rows';
import type { IdRange } from '../store/repos/ranges';
import type { WriteWatch } from '../store/write-watch';
import { markDoubtful, mergeNewer } from '../store/merge-newer';
import type { PageAnchor } from './cache-page';

/** What was true when a request went out: the live queue and the cache's version. */
export interface PageStart {
  queue: string | null;
  version: number;
}

export interface StoredPage {
  /** Not cached before. */
  newIds: number[];
  /** Cached in the narrow before, not on the server there now: dropped. */
  removedIds: number[];
  /** Cached before and now different (only with `report`). */
  changedIds: number[];
  /** Returned by the server but left as cached: changed since the request went out. */
  skippedIds: number[];
  /** The range was recorded as complete. */
  rangeRecorded: boolean;
  /** Messages left unverified (their merge could not be exact): to be asked for again. */
  doubtful: number;
}

export interface StoreOptions {
  /** The anchor when the request excluded it: the page says nothing about that message. */
  notAsked?: number;
  /** Tell which cached messages the page changed (the screen is corrected in place). */
  report?: boolean;
  watch?: WriteWatch;
}

/** The fields a reader sees, in a fixed order, to tell whether a message changed. */
function signature(m: CachedMessage): string {
  return JSON.stringify([
    m.content,
    m.channelId,
    m.topic,
    m.dmKey,
    m.starred,
    m.read,
    [...m.otherFlags].sort(),
    m.lastEditTimestamp,
    m.lastMovedTimestamp,
    m.senderFullName,
    m.avatarUrl,
    m.reactions.map((r) => [r.userId, r.reactionType, r.emojiCode, r.emojiName]).sort(),
  ]);
}

export function inNarrow(m: CachedMessage, filter: NarrowFilter): boolean {
  return keysOfMessage(m).includes(filterKey(filter));
}

export async function storePage(
  store: AccountStore,
  filter: NarrowFilter,
  messages: readonly CachedMessage[],
  range: IdRange | null,
  start: PageStart,
  { notAsked, report = false, watch }: StoreOptions = {},
): Promise<StoredPage> {
  const { versions } = store;
  const result: StoredPage = {
    newIds: [],
    removedIds: [],
    changedIds: [],
    skippedIds: [],
    rangeRecorded: false,
    doubtful: 0,
  };
  if (versions.everythingSince(start.version)) {
    result.skippedIds = messages.map((m) => m.id);
    return result;
  }
  const before = report ? new Map(store.messages.getByIds(messages.map((m) => m.id)).map((m) => [m.id, m])) : null;
  /** Not written as fetched (merged with, or left as, the cache): read back from the cache. */
  const skipped = new Set<number>();
  const inexact: number[] = [];
  const prepare = (m: CachedMessage): CachedMessage | null => {
    const changed = versions.changedSince(m.id, start.version);
    if (changed.length === 0) return m;
    skipped.add(m.id);
    const merged = mergeNewer(store, m, store.messages.getByIds([m.id])[0], changed);
    if (!merged.exact) inexact.push(m.id);
    return merged.message;
  };
  result.newIds = await cacheMessagesInChunks(store, messages, watch, prepare);
  result.skippedIds = [...skipped];
  if (before) {
    const now = new Map(store.messages.getByIds(result.skippedIds).map((m) => [m.id, m]));
    for (const m of messages) {
      const old = before.get(m.id);
      const stored = now.get(m.id) ?? m;
      if (old && (!skipped.has(m.id) || now.has(m.id)) && signature(old) !== signature(stored)) {
        result.changedIds.push(m.id);
      }
    }
  }
  // The last chunk may have waited: a snapshot that came meanwhile makes the range prove nothing.
  if (!range || versions.everythingSince(start.version)) return result;
  watch?.check();
  store.transaction(() => {
    const returned = new Set(messages.map((m) => m.id));
    // A message the page did not return is gone from the narrow, unless it arrived or moved in later.
    const arrivedLater = (id: number) =>
      versions.changedSince(id, start.version).some((p) => p === 'whole' || p === 'place');
    const gone = store.messages
      .idsIn(filter, range.lo, range.hi)
      .filter((id) => !returned.has(id) && id !== notAsked && !arrivedLater(id));
    if (gone.length > 0) result.removedIds = evictMessages(store, gone);
    if (!versions.structureSince(start.version)) {
      const key = filterKey(filter);
      store.ranges.add(key, range.lo, range.hi);
      store.unverified.clear(key, range.lo, range.hi);
      result.rangeRecorded = true;
    }
    // Wherever a range vouches for a message whose merge was not exact, it is in doubt again.
    result.doubtful = markDoubtful(store, inexact);
  });
  watch?.mark();
  return result;
}

/**
 * The IDs a fetched page proves are all of the narrow's between them, or null. `queueAtStart`: the
 * event queue live when it was asked for; `liveQueue`: the one live now.
 */
export function provenRange(
  store: AccountStore,
  liveQueue: string | null,
  filter: NarrowFilter,
  anchor: PageAnchor,
  page: { messages: readonly CachedMessage[]; foundOldest: boolean; foundNewest: boolean },
  queueAtStart: string | null,
): IdRange | null {
  const ids = page.messages.map((m) => m.id);
  // The answer covers everything up to (or from) a numeric anchor, whether or not it was included.
  if (typeof anchor === 'number') ids.push(anchor);
  const min = ids.length > 0 ? Math.min(...ids) : null;
  const max = ids.length > 0 ? Math.max(...ids) : null;
  const lo = page.foundOldest ? 0 : min;
  // Open to the newest only if events for this narrow have flowed, without a gap, since before the fetch.
  const stayOpen =
    queueAtStart !== null &&
    queueAtStart === liveQueue &&
    (filter.kind === 'dm' || filter.kind === 'all' || store.channels.isSubscribed(filter.channelId));
  const hi = page.foundNewest && stayOpen ? NEWEST : max;
  // An empty narrow, seen whole while events flow: every message it will get arrives as an event.
  if (ids.length === 0 && page.foundOldest && hi === NEWEST) return { lo: 0, hi };
  if (lo === null || hi === null || lo > hi) return null;
  return { lo, hi };
}

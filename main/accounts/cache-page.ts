/**
 * Answers a message window from the cache alone, when message_ranges proves the cache holds
 * every message of the narrow the window needs. When it cannot be sure it says what is missing:
 * how many messages beyond which edge of the known range, so the pager fetches only that gap.
 */
import type { AccountStore } from '../store/account-store';
import { NEWEST, filterKey, type NarrowFilter } from '../store/narrows';
import type { CachedMessage } from '../store/repos/message-rows';
import type { IdRange } from '../store/repos/ranges';

/** A resolved anchor: a message ID, or one end of the narrow ('first_unread' is resolved before this). */
export type PageAnchor = number | 'newest' | 'oldest';

export interface CachePage {
  messages: CachedMessage[];
  foundOldest: boolean;
  foundNewest: boolean;
}

/** A missing side of a window: `count` more messages beyond `edge` (an ID inside the known range). */
export interface Gap {
  edge: number;
  count: number;
}

/** What the cache knows around an anchor: the proven range holding it, and the gaps on each side. */
export interface CacheView {
  range: IdRange;
  page: CachePage;
  older: Gap | null;
  newer: Gap | null;
}

export function anchorId(anchor: PageAnchor): number {
  return anchor === 'newest' ? NEWEST : anchor === 'oldest' ? 0 : anchor;
}

/** The first unread message of the narrow (from the unreads table, which knows uncached ones too), else newest. */
export function resolveFirstUnread(store: AccountStore, filter: NarrowFilter): PageAnchor {
  const id =
    filter.kind === 'channel'
      ? store.unreads.firstUnreadInChannel(filter.channelId)
      : filter.kind === 'topic'
        ? store.unreads.firstUnreadInTopic(filter.channelId, filter.topic)
        : filter.kind === 'dm'
          ? store.unreads.firstUnreadInDm(filter.dmKey)
          : store.unreads.firstUnread();
  return id ?? 'newest';
}

/**
 * Reads the window inside the proven range that holds the anchor. Null when no range holds it;
 * otherwise the part of the window the range proves, and the gaps (null when a side is complete).
 */
export function viewAround(
  store: AccountStore,
  filter: NarrowFilter,
  anchor: PageAnchor,
  before: number,
  after: number,
): CacheView | null {
  const id = anchorId(anchor);
  const range = store.ranges.containing(filterKey(filter), id);
  if (!range) return null;
  // One extra row on each side tells "exactly enough" apart from "there is more".
  const older = store.messages.readBefore(filter, id, range.lo, before + 1);
  const newer = store.messages.readAfter(filter, id, range.hi, after + 1);
  const atAnchor = typeof anchor === 'number' ? store.messages.readAfter(filter, id - 1, id, 1) : [];
  const olderMissing = older.length >= before || range.lo === 0 ? 0 : before - older.length;
  const newerMissing = newer.length >= after || range.hi === NEWEST ? 0 : after - newer.length;
  return {
    range,
    page: {
      messages: [...older.slice(Math.max(0, older.length - before)), ...atAnchor, ...newer.slice(0, after)],
      foundOldest: range.lo === 0 && older.length <= before,
      foundNewest: range.hi === NEWEST && newer.length <= after,
    },
    older: olderMissing > 0 ? { edge: range.lo, count: olderMissing } : null,
    newer: newerMissing > 0 ? { edge: range.hi, count: newerMissing } : null,
  };
}

/** The whole window from the cache, or null when some of it is not proven to be there. */
export function readCachedPage(
  store: AccountStore,
  filter: NarrowFilter,
  anchor: PageAnchor,
  before: number,
  after: number,
): CachePage | null {
  const view = viewAround(store, filter, anchor, before, after);
  return view && !view.older && !view.newer ? view.page : null;
}

/**
 * The window around the anchor out of messages already in hand: the cached part of a view and
 * what was just fetched and stored for its gaps. Equal to reading the window again from the
 * cache when nothing else wrote to it meanwhile (the pager checks that), without the second read.
 */
export function windowOf(
  lists: readonly (readonly CachedMessage[])[],
  anchor: PageAnchor,
  before: number,
  after: number,
): CachedMessage[] {
  const id = anchorId(anchor);
  const byId = new Map<number, CachedMessage>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  const sorted = [...byId.values()].sort((a, b) => a.id - b.id);
  const older = sorted.filter((m) => m.id < id);
  const atAnchor = typeof anchor === 'number' ? sorted.filter((m) => m.id === id) : [];
  const newer = sorted.filter((m) => m.id > id);
  return [...older.slice(Math.max(0, older.length - before)), ...atAnchor, ...newer.slice(0, after)];
}

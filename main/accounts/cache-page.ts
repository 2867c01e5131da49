/**
 * Answers a message window from the cache alone, when message_ranges proves the cache holds
 * every message of the narrow the window needs. Returns null when it cannot be sure, and the
 * pager asks the server instead.
 */
import type { AccountStore } from '../store/account-store';
import { NEWEST, filterKey, type NarrowFilter } from '../store/narrows';
import type { CachedMessage } from '../store/repos/message-rows';

/** A resolved anchor: a message ID, or one end of the narrow ('first_unread' is resolved before this). */
export type PageAnchor = number | 'newest' | 'oldest';

export interface CachePage {
  messages: CachedMessage[];
  foundOldest: boolean;
  foundNewest: boolean;
}

/** The first unread message of the narrow (from the unreads table, which knows uncached ones too), else newest. */
export function resolveFirstUnread(store: AccountStore, filter: NarrowFilter): PageAnchor {
  const id =
    filter.kind === 'channel'
      ? store.unreads.firstUnreadInChannel(filter.channelId)
      : filter.kind === 'topic'
        ? store.unreads.firstUnreadInTopic(filter.channelId, filter.topic)
        : store.unreads.firstUnreadInDm(filter.dmKey);
  return id ?? 'newest';
}

export function readCachedPage(
  store: AccountStore,
  filter: NarrowFilter,
  anchor: PageAnchor,
  before: number,
  after: number,
): CachePage | null {
  const key = filterKey(filter);
  const anchorId = anchor === 'newest' ? NEWEST : anchor === 'oldest' ? 0 : anchor;
  const range = store.ranges.containing(key, anchorId);
  if (!range) return null;
  // One extra row on each side tells "exactly enough" apart from "there is more".
  const older = store.messages.readBefore(filter, anchorId, range.lo, before + 1);
  const newer = store.messages.readAfter(filter, anchorId, range.hi, after + 1);
  const atAnchor = typeof anchor === 'number' ? store.messages.readAfter(filter, anchorId - 1, anchorId, 1) : [];

  // Enough messages inside the proven range, or the range reaches that end of the narrow.
  const olderComplete = older.length >= before || range.lo === 0;
  const newerComplete = newer.length >= after || range.hi === NEWEST;
  if (!olderComplete || !newerComplete) return null;
  return {
    messages: [...older.slice(Math.max(0, older.length - before)), ...atAnchor, ...newer.slice(0, after)],
    foundOldest: range.lo === 0 && older.length <= before,
    foundNewest: range.hi === NEWEST && newer.length <= after,
  };
}

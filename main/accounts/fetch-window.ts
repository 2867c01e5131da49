/**
 * Turning a window of a narrow into GET /messages requests asking for at most MAX_PER_REQUEST
 * messages each (Zulip recommends batches of 1000 and refuses num_before + num_after over 5000;
 * the anchor itself is not counted, so a page of 1,000 older messages and its anchor is one
 * request, not a second one for the last message). A side longer than one batch is walked
 * outwards, each batch anchored at the last message of the one before.
 */
import type { NarrowFilter } from '../store/narrows';
import type { CachedMessage } from '../store/repos/message-rows';
import type { PageAnchor } from './cache-page';

export const MAX_PER_REQUEST = 1000;

export interface FetchRequest {
  filter: NarrowFilter;
  anchor: PageAnchor;
  before: number;
  after: number;
  includeAnchor: boolean;
}

export interface FetchedPage {
  messages: CachedMessage[];
  foundOldest: boolean;
  foundNewest: boolean;
}

/** GET /messages for one window, converted to cache values (see sync/convert). */
export type MessageFetcher = (req: FetchRequest) => Promise<FetchedPage>;

function byId(lists: readonly CachedMessage[][]): CachedMessage[] {
  const map = new Map(lists.flat().map((m) => [m.id, m]));
  return [...map.values()].sort((a, b) => a.id - b.id);
}

/**
 * Up to `count` messages on one side of the anchor (plus the anchor itself when includeAnchor
 * and it is a message ID), in as many batches as it takes; stops early at the narrow's end.
 */
export async function fetchSide(
  fetch: MessageFetcher,
  filter: NarrowFilter,
  anchor: PageAnchor,
  direction: 'older' | 'newer',
  count: number,
  includeAnchor: boolean,
  batch = MAX_PER_REQUEST,
): Promise<FetchedPage> {
  const batches: CachedMessage[][] = [];
  let at = anchor;
  let include = includeAnchor && typeof anchor === 'number';
  let remaining = count;
  let reachedEnd = false;
  while (remaining > 0 || include) {
    const n = Math.min(remaining, batch);
    const res = await fetch({
      filter,
      anchor: at,
      before: direction === 'older' ? n : 0,
      after: direction === 'newer' ? n : 0,
      includeAnchor: include,
    });
    const beyond = res.messages.filter((m) => (direction === 'older' ? m.id < anchorOf(at) : m.id > anchorOf(at)));
    batches.push(res.messages);
    reachedEnd = direction === 'older' ? res.foundOldest : res.foundNewest;
    remaining -= beyond.length;
    include = false;
    if (reachedEnd || beyond.length === 0 || remaining <= 0) break;
    const ids = beyond.map((m) => m.id);
    at = direction === 'older' ? Math.min(...ids) : Math.max(...ids);
  }
  return {
    messages: byId(batches),
    // Asking for nothing beyond an end of the narrow is already at that end.
    foundOldest: direction === 'older' ? reachedEnd || (count === 0 && anchor === 'oldest') : false,
    foundNewest: direction === 'newer' ? reachedEnd || (count === 0 && anchor === 'newest') : false,
  };
}

function anchorOf(anchor: PageAnchor): number {
  return anchor === 'newest' ? Number.MAX_SAFE_INTEGER : anchor === 'oldest' ? 0 : anchor;
}

/** A whole window around the anchor: one request when it fits, else each side on its own. */
export async function fetchWindow(
  fetch: MessageFetcher,
  filter: NarrowFilter,
  anchor: PageAnchor,
  before: number,
  after: number,
  batch = MAX_PER_REQUEST,
): Promise<FetchedPage> {
  if (before + after <= batch) {
    return fetch({ filter, anchor, before, after, includeAnchor: true });
  }
  const older = await fetchSide(fetch, filter, anchor, 'older', before, true, batch);
  const newer = await fetchSide(fetch, filter, anchor, 'newer', after, false, batch);
  return {
    messages: byId([older.messages, newer.messages]),
    foundOldest: older.foundOldest,
    foundNewest: newer.foundNewest || anchor === 'newest',
  };
}

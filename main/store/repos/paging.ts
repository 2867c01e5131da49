/**
 * Keyset paging for the record lists: each page asks for limit + 1 rows after the last key of
 * the previous page, so a page costs the same wherever it is and rows added meanwhile are not
 * skipped or repeated the way OFFSET paging would.
 */

/** A page of rows, and the key to continue after (null on the last page). */
export interface KeyedPage<T> {
  items: T[];
  /** The sort key of the last item, when more rows follow. */
  nextKey: (string | number)[] | null;
}

/** Cuts the limit + 1 rows a query returned into a page. */
export function keyedPage<R, T>(
  rows: R[],
  limit: number,
  toItem: (row: R) => T,
  keyOf: (row: R) => (string | number)[],
): KeyedPage<T> {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return { items: kept.map(toItem), nextKey: more && last !== undefined ? keyOf(last) : null };
}

/** The most rows one page may hold, whatever the caller asks for. */
export const MAX_PAGE = 500;

export function clampLimit(limit: number): number {
  return Math.max(1, Math.min(MAX_PAGE, Math.floor(limit)));
}

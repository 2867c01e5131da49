/**
 * The measured height of each message row a narrow's list showed, by row key, handed to the next
 * opening of that narrow as virtua's size cache. A list opens with virtua's rows at an estimate
 * (rowSizeHints.ts), hidden until measured: the first frame then laid the rows out, measured them,
 * placed them again and scrolled once more to its end (two forced layouts and a third frame on a
 * switch back to a channel). With the sizes known, virtua places them where they end up and shows
 * them at once; a row whose height changed since (a new width, an edit) is measured as before.
 * Kept by row key, not index: the window of a narrow moves as messages arrive.
 */
import type { CacheSnapshot } from 'virtua';
import { rowSizeHint } from '../../lib/rowSizeHints';
import type { Row } from './rows';

/** Narrows remembered; the least recently left go first. */
const MAX_NARROWS = 30;
/** Rows remembered per narrow: the newest end, where an opening usually lands. */
const MAX_ROWS = 400;

const byNarrow = new Map<string, Map<string, number>>();

/**
 * Notes the sizes virtua measured for `rows` (its cache, one entry per row, -1 where it did not
 * measure). Rows measured before and not this time keep their old size.
 */
export function rememberRowSizes(narrowKey: string | null, rows: readonly Row[], cache: CacheSnapshot): void {
  const [sizes] = cache;
  if (narrowKey === null || sizes.length !== rows.length) return;
  const known = byNarrow.get(narrowKey) ?? new Map<string, number>();
  byNarrow.delete(narrowKey);
  for (let i = 0; i < rows.length; i++) {
    const size = sizes[i]!;
    if (size > 0) known.set(rows[i]!.key, size);
  }
  // Keep the newest rows: those of the window just left, at the end of the map, last written.
  if (known.size > MAX_ROWS) {
    const keep = new Set(rows.slice(-MAX_ROWS).map((row) => row.key));
    for (const key of known.keys()) if (known.size > MAX_ROWS && !keep.has(key)) known.delete(key);
  }
  byNarrow.set(narrowKey, known);
  while (byNarrow.size > MAX_NARROWS) byNarrow.delete(byNarrow.keys().next().value as string);
}

/**
 * virtua's cache for a new list of `rows`: the remembered size of each row, -1 for those not
 * known (virtua then uses `estimate`, else the known rows' mean). Undefined when none is known,
 * so virtua starts as without.
 */
export function rowSizeCache(
  narrowKey: string | null,
  rows: readonly Row[],
  estimate: number | undefined,
): CacheSnapshot | undefined {
  const known = narrowKey === null ? undefined : byNarrow.get(narrowKey);
  if (!known || rows.length === 0) return undefined;
  let hits = 0;
  let sum = 0;
  const sizes = rows.map((row) => {
    const size = known.get(row.key);
    if (size === undefined) return -1;
    hits += 1;
    sum += size;
    return size;
  });
  if (hits === 0) return undefined;
  // With no estimate, the known rows' mean: virtua would otherwise keep its 40 px guess for the
  // rest, as it refines its guess only from rows it measures itself.
  return [sizes, estimate ?? sum / hits];
}

/**
 * virtua's starting sizes for a new list of `rows`: the rows' own remembered sizes, and for the
 * others the narrow's mean (lib/rowSizeHints.ts). Read once: virtua takes both when it is made.
 * Absent before any list was measured: virtua then keeps its own estimate, refined as it goes.
 */
export function startingSizes(
  narrowKey: string | null,
  rows: readonly Row[],
): { itemSize?: number; cache?: CacheSnapshot } {
  const itemSize = rowSizeHint(narrowKey);
  const cache = rowSizeCache(narrowKey, rows, itemSize);
  return { ...(itemSize === undefined ? {} : { itemSize }), ...(cache ? { cache } : {}) };
}

/** Forgets every narrow's sizes (tests). */
export function forgetRowSizes(): void {
  byNarrow.clear();
}

/** What meanRowSize reads of a Virtualizer: where its rows are, by its measurements. */
interface RowPlaces {
  findItemIndex(offset: number): number;
  getItemOffset(index: number): number;
  getItemSize(index: number): number;
}

/** The mean height of the rows across `height` pixels from `top`, as virtua measured them. */
export function meanRowSize(list: RowPlaces, top: number, height: number): number {
  const first = list.findItemIndex(top);
  const last = list.findItemIndex(top + height);
  const span = list.getItemOffset(last) + list.getItemSize(last) - list.getItemOffset(first);
  return span / (last - first + 1);
}

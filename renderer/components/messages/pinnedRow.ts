/**
 * Which row the floating recipient bar (StickyRecipientBar) stands for: the row under the list's
 * top edge, unless the top of the list or that row's own bar is in view there. Worked out from
 * virtua's own numbers (its last scroll offset, its measured item offsets), not by reading each
 * row's box: those reads made the browser lay the page out once more for every incoming message.
 */
import type { Row } from './rows';

/** The few of virtua's handle used here (VirtualizerHandle); none of them reads the DOM. */
export interface RowOffsets {
  getScrollOffset(): number;
  /** The row at an offset from the scroll container's start (virtua subtracts its start margin). */
  findItemIndex(offset: number): number;
  /** A row's offset from the first row's start. */
  getItemOffset(index: number): number;
}

/** The space above a recipient bar in its row (RowHeadings' `.group-start`), in rem. */
export const BAR_GAP_REM = 0.75;

/**
 * The key of the row whose conversation the floating bar names, or null for none.
 * `startMargin` is what stands above the rows in the scroll container (virtua's startMargin);
 * `barGap` gives BAR_GAP_REM in pixels (asked for only when a bar is near the edge).
 */
export function pinnedRowKey(
  list: RowOffsets,
  rows: readonly Row[],
  startMargin: number,
  barGap: () => number,
): string | null {
  if (rows.length === 0) return null;
  const scrolled = list.getScrollOffset();
  // Within the rows' coordinates, the line one pixel below the top edge (as a box read did).
  const line = scrolled - startMargin + 1;
  if (line <= 1) return null;
  const index = list.findItemIndex(scrolled + 1);
  const row = rows[index];
  if (!row) return null;
  // Its own bar is still wholly in view: no floating copy over it.
  if (row.recipientBar && list.getItemOffset(index) + barGap() >= line - 2) return null;
  return row.key;
}

let remPixels = 0;
/** BAR_GAP_REM in pixels, from the root font size read once (reading styles is work for the page). */
export function barGapPixels(): number {
  if (remPixels === 0) remPixels = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return BAR_GAP_REM * remPixels;
}

/**
 * Where an opening of the message list starts handing rows to the virtualizer (MessageList): at
 * its anchor, the first unread (or asked-for) message, or, opening at the end, a screenful before
 * it. virtua lays rows out from the top of its data before it can scroll to an index, so rows
 * given above the anchor are built, measured and thrown away on every opening.
 */
import type { Row } from './rows';

/**
 * Rows kept before the end when an opening shows the end: more than a tall window holds of the
 * shortest rows (a continued one-line message, ~28 px, in a 1,200 px list: ~43), so the first
 * screen is full; the rest come in after the first paint.
 */
export const OPENING_ROWS = 48;

/** The index of the first row an opening shows; 0 when every row is shown from the start. */
export function openingWindowStart(rows: readonly Row[], anchorId: number | null): number {
  if (anchorId !== null) {
    const index = rows.findIndex((row) => row.message.id === anchorId);
    if (index >= 0) return index;
  }
  return Math.max(0, rows.length - OPENING_ROWS);
}

/** Runs `then` after the next frame has been painted (the frame after the next one starts). */
export function afterPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}

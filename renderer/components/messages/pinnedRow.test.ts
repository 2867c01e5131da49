import { describe, expect, it } from 'vitest';
import { message } from '../../testing/fixtures';
import { pinnedRowKey, type RowOffsets } from './pinnedRow';
import type { Row } from './rows';

/** Rows of 100 px, a bar above the first and the third; 50 px of edges above them. */
const rows: Row[] = [0, 1, 2, 3].map((i) => ({
  key: `id:${i}`,
  message: message({ id: i }),
  recipientBar: i === 0 || i === 2,
  dateUnchanged: false,
  dateDivider: false,
  continued: false,
}));
const START = 50;

/** virtua's numbers at a scroll offset, as its handle gives them. */
function at(scrolled: number): RowOffsets {
  return {
    getScrollOffset: () => scrolled,
    findItemIndex: (offset) => Math.max(0, Math.min(rows.length - 1, Math.floor((offset - START) / 100))),
    getItemOffset: (index) => index * 100,
  };
}
const gap = () => 12;

describe('the row the floating bar stands for', () => {
  it('is none while the top of the list is in view', () => {
    expect(pinnedRowKey(at(0), rows, START, gap)).toBeNull();
    expect(pinnedRowKey(at(START - 10), rows, START, gap)).toBeNull();
  });

  it('is the row under the top edge when its group started above it', () => {
    expect(pinnedRowKey(at(START + 150), rows, START, gap)).toBe('id:1');
    expect(pinnedRowKey(at(START + 350), rows, START, gap)).toBe('id:3');
  });

  it('is none while that row’s own bar is still wholly in view, and that row once its bar has passed the edge', () => {
    // The third row starts 200 px down; its bar 12 px below that.
    expect(pinnedRowKey(at(START + 200), rows, START, gap)).toBeNull();
    expect(pinnedRowKey(at(START + 212), rows, START, gap)).toBeNull();
    expect(pinnedRowKey(at(START + 230), rows, START, gap)).toBe('id:2');
  });

  it('is none for an empty list', () => {
    expect(pinnedRowKey(at(500), [], START, gap)).toBeNull();
  });
});

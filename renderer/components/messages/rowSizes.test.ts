import { beforeEach, describe, expect, it } from 'vitest';
import { message } from '../../testing/fixtures';
import { buildRows } from './rows';
import { forgetRowSizes, rememberRowSizes, rowSizeCache } from './rowSizes';

const rowsOf = (ids: number[]) => buildRows(ids.map((id) => message({ id })));

beforeEach(() => forgetRowSizes());

describe('row sizes kept for the next opening', () => {
  it('hands each row the size it measured, by row and not by place: the window moved as messages came', () => {
    rememberRowSizes('channel:1', rowsOf([1, 2, 3]), [[40, -1, 90]]);
    // Two newer messages since, and the oldest out of the window.
    const cache = rowSizeCache('channel:1', rowsOf([2, 3, 4, 5]), 50);
    expect(cache).toEqual([[-1, 90, -1, -1], 50]);
  });

  it('keeps sizes from earlier visits for rows not measured this time, apart per narrow', () => {
    rememberRowSizes('channel:1', rowsOf([1, 2]), [[40, 60]]);
    rememberRowSizes('channel:1', rowsOf([1, 2]), [[-1, 70]]);
    rememberRowSizes('channel:2', rowsOf([1]), [[99]]);
    expect(rowSizeCache('channel:1', rowsOf([1, 2]), undefined)).toEqual([[40, 70], 55]);
    // The rows not known are taken for the known ones' mean when there is no estimate.
    expect(rowSizeCache('channel:2', rowsOf([1, 2]), undefined)).toEqual([[99, -1], 99]);
  });

  it('gives virtua nothing when no row is known, and notes nothing that does not match the rows', () => {
    expect(rowSizeCache('channel:1', rowsOf([1]), 50)).toBeUndefined();
    rememberRowSizes('channel:1', rowsOf([1, 2]), [[40]]);
    rememberRowSizes(null, rowsOf([1]), [[40]]);
    expect(rowSizeCache('channel:1', rowsOf([1, 2]), 50)).toBeUndefined();
    rememberRowSizes('channel:1', rowsOf([1]), [[40]]);
    expect(rowSizeCache('channel:1', rowsOf([7]), 50)).toBeUndefined();
  });

  it('keeps the newest rows of a narrow when it has measured more than it keeps', () => {
    const ids = Array.from({ length: 500 }, (_, i) => i + 1);
    rememberRowSizes('channel:1', rowsOf(ids), [ids.map(() => 30)]);
    const cache = rowSizeCache('channel:1', rowsOf(ids), undefined)!;
    expect(cache[0].filter((size) => size === 30)).toHaveLength(400);
    expect(cache[0].at(-1)).toBe(30);
    expect(cache[0][0]).toBe(-1);
  });
});

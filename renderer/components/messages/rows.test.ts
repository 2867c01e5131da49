import { describe, expect, it } from 'vitest';
import { message } from '../../testing/fixtures';
import { buildRows, isPrepend, RUN_SECONDS } from './rows';

const rowsOf = (ids: number[]) =>
  buildRows(
    ids.map((id) => message({ id })),
    false,
  );

describe('buildRows', () => {
  it('opens a topic in a channel narrow and continues a sender run within RUN_SECONDS', () => {
    const rows = buildRows(
      [
        message({ id: 1, topic: 'a', timestamp: 1000 }),
        message({ id: 2, topic: 'a', timestamp: 1000 + RUN_SECONDS - 1 }),
        message({ id: 3, topic: 'a', timestamp: 1000 + 2 * RUN_SECONDS }),
        message({ id: 4, topic: 'b', timestamp: 1000 + 2 * RUN_SECONDS }),
      ],
      true,
    );
    expect(rows.map((r) => [r.topicHeader, r.continued])).toEqual([
      [true, false],
      [false, true],
      [false, false],
      [true, false],
    ]);
  });

  it('starts each local day with a date line, and repeats the topic and sender after it', () => {
    const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).getTime() / 1000;
    const rows = buildRows(
      [
        message({ id: 1, topic: 'a', timestamp: at(20, 23, 55) }),
        message({ id: 2, topic: 'a', timestamp: at(20, 23, 58) }),
        // The next calendar day, though within a sender run of the previous message.
        message({ id: 3, topic: 'a', timestamp: at(21, 0, 1) }),
        message({ id: 4, topic: 'a', timestamp: at(21, 0, 2) }),
      ],
      true,
    );
    expect(rows.map((r) => [r.dayHeader, r.topicHeader, r.continued])).toEqual([
      [true, true, false],
      [false, false, true],
      [true, true, false],
      [false, false, true],
    ]);
  });

  it('keys a local echo by its localId, so its confirmed copy keeps the row', () => {
    const [echo] = buildRows([message({ id: -1, localId: 'x' })], false);
    const [confirmed] = buildRows([message({ id: 5, localId: 'x' })], false);
    expect(echo!.key).toBe(confirmed!.key);
    expect(rowsOf([5])[0]!.key).toBe('id:5');
  });
});

describe('isPrepend', () => {
  it('is true only when the start changed and the end did not', () => {
    expect(isPrepend(rowsOf([3, 4]), rowsOf([1, 2, 3, 4]))).toBe(true);
    expect(isPrepend(rowsOf([1, 2, 3, 4]), rowsOf([3, 4]))).toBe(true);
    expect(isPrepend(rowsOf([3, 4]), rowsOf([3, 4, 5]))).toBe(false);
    expect(isPrepend(rowsOf([3, 4]), rowsOf([1, 2, 3]))).toBe(false);
    expect(isPrepend([], rowsOf([1, 2]))).toBe(false);
    expect(isPrepend(rowsOf([1, 2]), [])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

const now = new Date(2026, 10, 27, 15, 0, 0);
const ago = (ms: number) => (now.getTime() - ms) / 1000;
const MIN = 60_000;

describe('relativeTime, as Zulip’s Recent conversations', () => {
  it.each([
    [0, 'Just now'],
    [2 * MIN, 'Just now'],
    [3 * MIN, '3 minutes ago'],
    [59 * MIN, '59 minutes ago'],
    [60 * MIN, 'An hour ago'],
    [119 * MIN, 'An hour ago'],
    [5 * 60 * MIN, '5 hours ago'],
    [23 * 60 * MIN, '23 hours ago'],
    [24 * 60 * MIN, 'Yesterday'],
    [3 * 24 * 60 * MIN, '3 days ago'],
    [89 * 24 * 60 * MIN, '89 days ago'],
  ])('%d ms before is “%s”', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text);
  });

  it('gives the date past 90 days, with the year only when it is another year', () => {
    const sameYear = relativeTime(new Date(2026, 2, 5, 12).getTime() / 1000, now);
    expect(sameYear).toMatch(/Mar/);
    expect(sameYear).not.toMatch(/2026/);
    expect(relativeTime(new Date(2025, 2, 5, 12).getTime() / 1000, now)).toMatch(/2025/);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDay, formatTime, localDay } from './format';

describe('day separators', () => {
  const now = new Date(2026, 10, 22, 9, 30);
  const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 0).getTime() / 1000;

  it('says Today and Yesterday by the local calendar, not by 24-hour spans', () => {
    expect(formatDay(at(22, 0), now)).toBe('Today');
    expect(formatDay(at(21, 23), now)).toBe('Yesterday');
    expect(formatDay(at(21, 1), now)).toBe('Yesterday');
  });

  it('writes older days out in full', () => {
    const text = formatDay(at(19, 12), now);
    expect(text).not.toMatch(/Today|Yesterday/);
    expect(text).toContain('2026');
  });

  it('gives messages of one local day the same key', () => {
    expect(localDay(at(20, 0))).toBe(localDay(at(20, 23)));
    expect(localDay(at(20, 23))).not.toBe(localDay(at(21, 0)));
  });
});

describe('the user’s clock', () => {
  it('follows twenty_four_hour_time, and the locale when it is not set', async () => {
    const { applyDisplaySettings } = await import('./displayPrefs.svelte');
    const at = new Date(2026, 0, 1, 15, 5).getTime() / 1000;
    applyDisplaySettings({ twenty_four_hour_time: true });
    expect(formatTime(at)).toMatch(/15:05/);
    applyDisplaySettings({ twenty_four_hour_time: false });
    expect(formatTime(at)).toMatch(/03:05|3:05/);
    expect(formatTime(at)).toMatch(/PM/i);
    applyDisplaySettings({ color_scheme: 2 });
    expect(document.documentElement.dataset['theme']).toBe('dark');
    applyDisplaySettings({ color_scheme: 1 });
    expect(document.documentElement.dataset['theme']).toBeUndefined();
  });
});

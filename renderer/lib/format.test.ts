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

  it('counts calendar days across a daylight-saving change, in the user’s time zone', () => {
    // The tests run in Node, whose Date follows TZ when it changes; the renderer has no Node types.
    const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
    const zone = env['TZ'];
    // Berlin moves to summer time on 29 March 2026 (a 23-hour day: 24 hours
    // before 00:30 on the 30th is still the 28th) and back on 25 October (25 hours).
    env['TZ'] = 'Europe/Berlin';
    try {
      const afterSpring = new Date(2026, 2, 30, 0, 30);
      expect(formatDay(new Date(2026, 2, 29, 12, 0).getTime() / 1000, afterSpring)).toBe('Yesterday');
      expect(formatDay(new Date(2026, 2, 28, 23, 45).getTime() / 1000, afterSpring)).not.toMatch(/Yesterday/);
      const afterAutumn = new Date(2026, 9, 26, 0, 30);
      expect(formatDay(new Date(2026, 9, 25, 0, 15).getTime() / 1000, afterAutumn)).toBe('Yesterday');
      expect(formatDay(new Date(2026, 9, 24, 23, 45).getTime() / 1000, afterAutumn)).not.toMatch(/Yesterday/);
    } finally {
      if (zone === undefined) delete env['TZ'];
      else env['TZ'] = zone;
    }
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

import { describe, expect, it, vi } from 'vitest';
import { lazyScreens, once, preloadScreensWhenIdle } from './lazyScreens';

describe('lazy screens', () => {
  it('starts a load once and hands every caller the same promise', async () => {
    let loads = 0;
    const load = once(async () => ++loads);
    const [a, b] = [load(), load()];
    expect(a).toBe(b);
    expect(await a).toBe(1);
    expect(await load()).toBe(1);
    expect(loads).toBe(1);
  });

  it('tries a failed load again on the next visit', async () => {
    let loads = 0;
    const load = once(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk missing');
      return 'screen';
    });
    await expect(load()).rejects.toThrow('chunk missing');
    expect(await load()).toBe('screen');
    expect(loads).toBe(2);
  });

  it('loads each screen as a component module', async () => {
    for (const load of Object.values(lazyScreens)) expect(typeof (await load()).default).toBe('function');
  });

  it('loads the screens once the app is idle after start-up, and not if stopped first', async () => {
    vi.useFakeTimers();
    try {
      const loads = vi.spyOn(lazyScreens, 'search');
      preloadScreensWhenIdle(1000)();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(loads).not.toHaveBeenCalled();
      preloadScreensWhenIdle(1000);
      await vi.advanceTimersByTimeAsync(999);
      expect(loads).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(loads).toHaveBeenCalledTimes(1);
      loads.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });
});

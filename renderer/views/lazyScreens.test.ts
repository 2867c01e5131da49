import { describe, expect, it } from 'vitest';
import { lazyScreens, once } from './lazyScreens';

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
});

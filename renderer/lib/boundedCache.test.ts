import { describe, expect, it } from 'vitest';
import { BoundedCache } from './boundedCache';

describe('BoundedCache', () => {
  it('computes a value once and hands it back while it is held', () => {
    const cache = new BoundedCache<string, number>(2);
    let made = 0;
    const make = () => ++made;
    expect(cache.get('a', make)).toBe(1);
    expect(cache.get('a', make)).toBe(1);
    expect(made).toBe(1);
  });

  it('drops the least recently used entry past its limit', () => {
    const cache = new BoundedCache<string, string>(2);
    cache.get('a', () => 'A');
    cache.get('b', () => 'B');
    // 'a' is used again, so 'b' is now the oldest and goes when 'c' comes.
    cache.get('a', () => 'not again');
    cache.get('c', () => 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('a', () => 'made again')).toBe('A');
    expect(cache.get('b', () => 'made again')).toBe('made again');
  });
});

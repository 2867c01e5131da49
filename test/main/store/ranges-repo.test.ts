import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { NEWEST } from '../../../main/store/narrows';
import { tempDir } from './fixtures';

let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  return () => store.close();
});

describe('RangesRepo', () => {
  it('merges overlapping and adjacent intervals and keeps separate ones apart', () => {
    const k = 'channel:1';
    store.ranges.add(k, 10, 20);
    store.ranges.add(k, 40, 50);
    expect(store.ranges.add(k, 21, 25)).toEqual({ lo: 10, hi: 25 });
    expect(store.ranges.list(k)).toEqual([
      { lo: 10, hi: 25 },
      { lo: 40, hi: 50 },
    ]);
    expect(store.ranges.add(k, 24, 45)).toEqual({ lo: 10, hi: 50 });
    expect(store.ranges.list(k)).toEqual([{ lo: 10, hi: 50 }]);
    expect(store.ranges.list('channel:2')).toEqual([]);
  });

  it('finds the interval that holds an ID', () => {
    store.ranges.add('dm:1,2', 5, 9);
    store.ranges.add('dm:1,2', 20, NEWEST);
    expect(store.ranges.containing('dm:1,2', 7)).toEqual({ lo: 5, hi: 9 });
    expect(store.ranges.containing('dm:1,2', 12)).toBeNull();
    expect(store.ranges.containing('dm:1,2', 1_000_000)).toEqual({ lo: 20, hi: NEWEST });
    expect(store.ranges.containing('dm:1,2', 4)).toBeNull();
    expect(() => store.ranges.add('dm:1,2', 9, 5)).toThrow(/Bad range/);
  });

  it('closes ranges open to the newest message at what is known, after an event gap', () => {
    store.ranges.add('channel:1', 0, NEWEST);
    store.ranges.add('channel:2', 30, NEWEST);
    store.ranges.add('channel:3', 1, 10);
    store.ranges.closeNewest((key) => (key === 'channel:1' ? 77 : 0));
    expect(store.ranges.list('channel:1')).toEqual([{ lo: 0, hi: 77 }]);
    // Nothing known above lo: the range shrinks to its lower end.
    expect(store.ranges.list('channel:2')).toEqual([{ lo: 30, hi: 30 }]);
    expect(store.ranges.list('channel:3')).toEqual([{ lo: 1, hi: 10 }]);
  });

  it('forgets a channel and all of its topics, and nothing else', () => {
    store.ranges.add('channel:1', 0, 5);
    store.ranges.add('topic:1:a', 0, 5);
    store.ranges.add('topic:1:b*c', 0, 5);
    store.ranges.add('topic:11:a', 0, 5);
    store.ranges.add('channel:11', 0, 5);
    store.ranges.forgetChannel(1);
    expect(store.ranges.list('channel:1')).toEqual([]);
    expect(store.ranges.list('topic:1:a')).toEqual([]);
    expect(store.ranges.list('topic:1:b*c')).toEqual([]);
    expect(store.ranges.list('topic:11:a')).toHaveLength(1);
    expect(store.ranges.list('channel:11')).toHaveLength(1);
  });
});

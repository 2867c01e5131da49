/** CacheVersions.watch: a few messages watched without a reader, so no stamp is kept for the rest. */
import { describe, expect, it } from 'vitest';
import { CacheVersions } from '../../../main/store/versions';

describe('a watch on some messages', () => {
  it('goes up when one of them changes in any part, and not for other messages', () => {
    const v = new CacheVersions();
    const w = v.watch([1, 2]);
    v.touch([3, 4], 'content');
    expect(w.changed).toBe(false);
    v.touch([2], 'reactions');
    expect(w.changed).toBe(true);
  });

  it('goes up on any move, delete or new snapshot', () => {
    const v = new CacheVersions();
    const moved = v.watch([1]);
    v.touchStructure([9], 'place');
    expect(moved.changed).toBe(true);
    const snapshot = v.watch([1]);
    v.touchEverything();
    expect(snapshot.changed).toBe(true);
  });

  it('stays as it was once stopped', () => {
    const v = new CacheVersions();
    const w = v.watch([1]);
    w.stop();
    v.touch([1]);
    expect(w.changed).toBe(false);
  });

  it('takes IDs given as an iterator beside a reader, which still gets its stamps', () => {
    const v = new CacheVersions();
    const start = v.begin();
    const w = v.watch([5]);
    v.touch(new Set([5, 6]).values(), 'read');
    expect(w.changed).toBe(true);
    expect(v.changedSince(6, start)).toEqual(['read']);
    v.end(start);
  });
});

/** Typing is memory only: starts refresh, stops remove, silence expires after the server's period. */
import { describe, expect, it } from 'vitest';
import type { TypingView } from '../../../common/model';
import { TypingTracker } from '../../../main/records/typing';
import { ManualTimers } from './manual-timers';

const topic = { kind: 'topic' as const, channelId: 9, topic: 'x' };
const dm = { kind: 'dm' as const, userIds: [2] };

describe('TypingTracker', () => {
  it('reports starts and stops, and forgets someone after the expiry period', () => {
    const timers = new ManualTimers();
    const seen: TypingView[][] = [];
    const t = new TypingTracker(
      () => 15_000,
      (v) => seen.push(v),
      timers,
    );
    expect(t.apply('start', 3, topic)).toBe(true);
    expect(t.apply('start', 4, topic)).toBe(true);
    expect(t.apply('start', 2, dm)).toBe(true);
    expect(t.current()).toEqual([
      { narrow: topic, userIds: [3, 4] },
      { narrow: dm, userIds: [2] },
    ]);
    // A repeated start only refreshes the timer: nothing new to say.
    timers.advance(10_000);
    expect(t.apply('start', 3, topic)).toBe(false);
    expect(t.apply('stop', 2, dm)).toBe(true);
    expect(t.apply('stop', 2, dm)).toBe(false);
    timers.advance(6_000); // 4 started 16 s ago: expired; 3 was refreshed 6 s ago.
    expect(t.current()).toEqual([{ narrow: topic, userIds: [3] }]);
    timers.advance(10_000);
    expect(t.current()).toEqual([]);
    expect(seen.at(-1)).toEqual([]);
    expect(timers.pending).toBe(0);
  });

  it('clear forgets everyone and says so once', () => {
    const timers = new ManualTimers();
    const seen: TypingView[][] = [];
    const t = new TypingTracker(
      () => 1000,
      (v) => seen.push(v),
      timers,
    );
    t.clear();
    expect(seen).toEqual([]);
    t.apply('start', 5, dm);
    t.clear();
    expect(seen.at(-1)).toEqual([]);
    expect(timers.pending).toBe(0);
  });
});

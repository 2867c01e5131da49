import { describe, expect, it } from 'vitest';
import { INTENT_TTL_MS, ReadIntents } from '../../../main/store/read-intents';

describe('ReadIntents', () => {
  it('holds back what contradicts a pending request, ends the wait on agreement, a refusal or the TTL', () => {
    let now = 1_000;
    const intents = new ReadIntents(() => now);
    intents.want([1, 2, 3], false);
    // Contradicting: held back; agreeing: admitted, and the wait for 2 is over.
    expect(intents.admit([1, 2, 4], true)).toEqual([4]);
    expect(intents.admit([2], false)).toEqual([2]);
    expect(intents.admit([2], true)).toEqual([2]);
    // Refused: 1 waits for nothing any more.
    intents.forget([1]);
    expect(intents.admit([1], true)).toEqual([1]);
    // 3's event never came: after the TTL it holds nothing back.
    expect(intents.admit([3], true)).toEqual([]);
    now += INTENT_TTL_MS + 1;
    expect(intents.admit([3], true)).toEqual([3]);
  });

  it('drops the expired requests whose event never came, so a long session holds no more than a while of them', () => {
    let now = 0;
    const intents = new ReadIntents(() => now);
    for (let id = 1; id <= 5_000; id++) {
      intents.want([id], true);
      now += 100;
    }
    // 100 ms apart: only the last minute's (600) and the ones since the last pruning are left.
    expect(intents.size).toBeLessThanOrEqual(2_001);
    expect(intents.size).toBeGreaterThanOrEqual(600);
  });
});

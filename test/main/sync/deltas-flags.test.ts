/** mergeDeltas and flag changes (messages:flags): in order, and only for what no view of the batch says already. */
import { describe, expect, it } from 'vitest';
import { mergeDeltas } from '../../../main/sync/deltas';

describe('mergeDeltas: flag changes', () => {
  it('keeps flag changes in order and apart from the messages whose whole view the batch sends', () => {
    const m = mergeDeltas([
      { kind: 'flagsChanged', flag: 'read', on: true, ids: [1, 2, 3, 4, 5] },
      { kind: 'messagesAdded', ids: [2] },
      { kind: 'messagesUpdated', ids: [3] },
      { kind: 'messagesRemoved', ids: [4] },
      { kind: 'echoConfirmed', localId: 'l1', id: 5 },
      { kind: 'flagsChanged', flag: 'starred', on: false, ids: [1] },
      { kind: 'flagsChanged', flag: 'read', on: false, ids: [1] },
      { kind: 'flagsChanged', flag: 'read', on: true, ids: [2] },
    ]);
    // 2 (added), 3 (updated), 5 (confirmed) go as whole views built after the batch; 4 is gone.
    expect(m.flags).toEqual([
      { flag: 'read', on: true, ids: [1] },
      { flag: 'starred', on: false, ids: [1] },
      { flag: 'read', on: false, ids: [1] },
    ]);
    expect(m.updated).toEqual([3]);
  });
});

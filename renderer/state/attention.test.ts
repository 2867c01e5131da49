import { describe, expect, it } from 'vitest';
import { waitingFor, windowTitle } from '../../common/attention';
import type { UnreadCounts } from '../../common/model';
import { MemoryBridge } from '../testing/memoryBridge';
import { AttentionState } from './attention.svelte';

const counts = (accountId: string, dm: number, mentions: number): UnreadCounts => ({
  accountId,
  total: dm + mentions + 10,
  mentions,
  channels: [],
  dms: dm > 0 ? [{ userIds: [2], count: dm }] : [],
  starred: 0,
});

describe('what waits for the user', () => {
  it('counts unread DMs and mentions, not every channel message, and titles the window with it', () => {
    expect(waitingFor(counts('a', 2, 1))).toBe(3);
    expect(windowTitle(0)).toBe('Parley');
    expect(windowTitle(3)).toBe('(3) Parley');
  });

  it('sums the followed accounts, follows their changes and drops an account that left', async () => {
    const bridge = new MemoryBridge().handle('unreads:get', ({ accountId }) =>
      counts(accountId, accountId === 'a' ? 2 : 0, 1),
    );
    const state = new AttentionState(bridge.client());
    await state.follow(['a', 'b']);
    expect(state.total).toBe(4);
    bridge.emit('unreads:changed', { counts: counts('b', 3, 0) });
    expect(state.total).toBe(6);
    await state.follow(['b']);
    expect(state.total).toBe(3);
    // Counts of an account no longer followed are ignored.
    bridge.emit('unreads:changed', { counts: counts('a', 9, 9) });
    expect(state.total).toBe(3);
    state.dispose();
  });
});

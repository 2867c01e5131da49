import { describe, expect, it, vi } from 'vitest';
import { message } from '../testing/fixtures';
import { MemoryBridge } from '../testing/memoryBridge';
import { MessageActions } from './messageActions';
import { ReadTracker } from './readTracker';

function setup() {
  const bridge = new MemoryBridge().handle('messages:markRead', (a) => ({
    count: a.scope.kind === 'messages' ? a.scope.ids.length : 0,
  }));
  const tracker = new ReadTracker(new MessageActions(bridge.client(), 'acc-1', 11), bridge.client());
  return { bridge, tracker };
}

describe('ReadTracker', () => {
  it('asks for what is seen as seen (answered from the cache, not after the server), once while asked', async () => {
    const { bridge, tracker } = setup();
    const unread = [message({ id: 1, read: false }), message({ id: 2, read: false }), message({ id: 3 })];
    tracker.seen(unread);
    tracker.seen(unread);
    expect(bridge.callsOf('messages:markRead')).toEqual([
      { accountId: 'acc-1', scope: { kind: 'messages', ids: [1, 2] }, seen: true },
    ]);
    await vi.waitFor(() => expect(bridge.calls).toHaveLength(1));
  });

  it('asks again for a message that turned unread after the answer (the server refused the batched read)', async () => {
    const { bridge, tracker } = setup();
    tracker.seen([message({ id: 5, read: false })]);
    // The answer comes with the deltas that show it read; a refused batch later shows it unread again.
    await vi.waitFor(() => {
      tracker.seen([message({ id: 5, read: false })]);
      expect(bridge.callsOf('messages:markRead')).toHaveLength(2);
    });
  });

  it('does not ask for what the user marked unread in this view until another view opens', async () => {
    const { bridge, tracker } = setup();
    bridge.handle('messages:markUnread', () => ({ count: 1 }));
    const m = message({ id: 7, read: false });
    await tracker.markUnreadFrom({ kind: 'channel', channelId: 1 }, m, [m]);
    tracker.seen([m]);
    expect(bridge.callsOf('messages:markRead')).toEqual([]);
    tracker.release();
    tracker.seen([m]);
    expect(bridge.callsOf('messages:markRead')).toHaveLength(1);
  });
});

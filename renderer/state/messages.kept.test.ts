import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessagePage, MessageView, Narrow } from '../../common/model';
import { MemoryBridge } from '../testing/memoryBridge';
import { message, SELF_ID } from '../testing/fixtures';
import { MessagesState } from './messages.svelte';
import type { NarrowTally } from './narrowSnapshots';

const general: Narrow = { kind: 'channel', channelId: 1 };
const design: Narrow = { kind: 'channel', channelId: 2 };

describe('MessagesState: a conversation shown again', () => {
  let bridge: MemoryBridge;
  let state: MessagesState;
  /** What each channel holds on the "server"; the sidebar's tally is read from it unless overridden. */
  let held: Record<number, MessageView[]>;
  let tally: NarrowTally | null | undefined;
  /** Pages wait for this while set. */
  let gate: Promise<void> | null;

  beforeEach(() => {
    held = {
      1: [message({ id: 100 }), message({ id: 101 })],
      2: [message({ id: 200, channelId: 2 })],
    };
    tally = undefined;
    gate = null;
    bridge = new MemoryBridge();
    bridge.handle('view:open', () => null);
    bridge.handle('messages:page', async ({ narrow }): Promise<MessagePage> => {
      await gate;
      const messages = held[(narrow as { channelId: number }).channelId]!.map((m) => ({ ...m }));
      return { narrow, messages, foundOldest: true, foundNewest: true, fromCache: false };
    });
    const current = (narrow: Narrow): NarrowTally => {
      const list = held[(narrow as { channelId: number }).channelId]!;
      return { newestId: list.at(-1)!.id, unreadCount: list.filter((m) => !m.read).length };
    };
    state = new MessagesState(bridge.client(), 'acc-1', SELF_ID, (narrow) =>
      tally === undefined ? current(narrow) : tally,
    );
  });

  /** Holds every page until the returned function is called. */
  function holdPages(): () => void {
    let release = (): void => {};
    gate = new Promise((resolve) => (release = resolve));
    return release;
  }

  it('draws the window kept when it was left at once, and keeps its objects when the same page comes', async () => {
    await state.open(general);
    const shown = state.messages;
    await state.open(design);
    const release = holdPages();
    const opening = state.open(general);
    // Before the core answers: the kept rows, placed (an opening of its own), still loading.
    expect(state.messages.map((m) => m.id)).toEqual([100, 101]);
    expect(state.messages[0]).toBe(shown[0]);
    expect(state.loading).toBe(true);
    expect(state.foundNewest).toBe(true);
    const placed = state.opened;
    release();
    await opening;
    expect(state.loading).toBe(false);
    expect(state.opened).toBe(placed);
    // Equal messages keep the objects already drawn: no row is drawn again.
    expect(state.messages[0]).toBe(shown[0]);
    expect(state.messages[1]).toBe(shown[1]);
  });

  it('waits for the page when a message arrived while away, and takes what the page says', async () => {
    await state.open(general);
    await state.open(design);
    held[1] = [...held[1]!, message({ id: 102, read: false })];
    const release = holdPages();
    const opening = state.open(general);
    expect(state.messages).toEqual([]);
    release();
    await opening;
    expect(state.messages.map((m) => m.id)).toEqual([100, 101, 102]);
    expect(state.startAt?.messageId).toBe(102);
  });

  it('waits for the page when the sidebar counts unread messages the kept window does not hold', async () => {
    await state.open(general);
    await state.open(design);
    tally = { newestId: 101, unreadCount: 1 };
    const release = holdPages();
    const opening = state.open(general);
    expect(state.messages).toEqual([]);
    release();
    await opening;
  });

  it('keeps a send made while the page is on its way, and drops what the page no longer holds', async () => {
    await state.open(general);
    await state.open(design);
    const release = holdPages();
    const opening = state.open(general);
    const echo = message({ id: -1, localId: 'local-1' });
    bridge.emit('messages:added', { accountId: 'acc-1', messages: [echo] });
    expect(state.messages.map((m) => m.id)).toEqual([100, 101, -1]);
    // Deleted on the server before the page was read, the event not yet here.
    held[1] = [message({ id: 101 })];
    release();
    await opening;
    expect(state.messages.map((m) => m.id)).toEqual([101, -1]);
  });

  it('applies changes that happen while a conversation is away to its kept window', async () => {
    await state.open(general);
    await state.open(design);
    bridge.emit('messages:updated', { accountId: 'acc-1', messages: [message({ id: 101, starred: true })] });
    bridge.emit('messages:removed', { accountId: 'acc-1', messageIds: [100] });
    held[1] = [message({ id: 101, starred: true })];
    const release = holdPages();
    const opening = state.open(general);
    expect(state.messages.map((m) => [m.id, m.starred])).toEqual([[101, true]]);
    release();
    await opening;
  });

  it('shows nothing kept after the bridge reconnects (deltas may have been missed)', async () => {
    await state.open(general);
    await state.open(design);
    bridge.reconnect();
    await vi.waitFor(() => expect(state.loading).toBe(false));
    const release = holdPages();
    const opening = state.open(general);
    expect(state.messages).toEqual([]);
    release();
    await opening;
  });
});

describe('MessagesState: flag changes (messages:flags)', () => {
  it('changes the field of the messages it holds, in order, and leaves the others the same objects', async () => {
    const bridge = new MemoryBridge();
    const held = [message({ id: 1, read: false }), message({ id: 2, read: false }), message({ id: 3 })];
    bridge.handle('view:open', () => null);
    bridge.handle('messages:page', ({ narrow }) => ({
      narrow,
      messages: held,
      foundOldest: true,
      foundNewest: true,
      fromCache: false,
    }));
    const state = new MessagesState(bridge.client(), 'acc-1', SELF_ID);
    await state.open(general);
    const before = state.messages;
    bridge.emit('messages:flags', {
      accountId: 'acc-1',
      changes: [
        { flag: 'read', on: true, ids: [1, 2, 50] },
        { flag: 'read', on: false, ids: [2] },
        { flag: 'starred', on: true, ids: [3] },
      ],
    });
    expect(state.messages.map((m) => [m.id, m.read, m.starred])).toEqual([
      [1, true, false],
      [2, false, false],
      [3, true, true],
    ]);
    // Another account's change, or one that changes nothing: the same list.
    const after = state.messages;
    bridge.emit('messages:flags', { accountId: 'acc-2', changes: [{ flag: 'read', on: false, ids: [1] }] });
    bridge.emit('messages:flags', { accountId: 'acc-1', changes: [{ flag: 'read', on: true, ids: [1, 3] }] });
    expect(state.messages).toBe(after);
    expect(before[1]).toBe(held[1]);
  });
});

describe('MessagesState: messages moved into the open conversation', () => {
  it('joins them to the window where it covers their place, all in one change', async () => {
    const bridge = new MemoryBridge();
    bridge.handle('view:open', () => null);
    bridge.handle('messages:page', ({ narrow }) => ({
      narrow,
      messages: [message({ id: 100 }), message({ id: 200 })],
      foundOldest: false,
      foundNewest: true,
      fromCache: false,
    }));
    const state = new MessagesState(bridge.client(), 'acc-1', SELF_ID);
    await state.open(general);
    bridge.emit('messages:updated', {
      accountId: 'acc-1',
      // Moved here from channel 2: 150 inside the window, 50 before its start (older pages hold it).
      messages: [message({ id: 150 }), message({ id: 50 }), message({ id: 300, channelId: 2 })],
    });
    expect(state.messages.map((m) => m.id)).toEqual([100, 150, 200]);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessagePage, MessageView, Narrow } from '../../common/model';
import { BridgeError } from '../lib/bridge';
import { CallFailure, MemoryBridge } from '../testing/memoryBridge';
import { message, SELF_ID } from '../testing/fixtures';
import { OPENING_WINDOW, PAGE_SIZE } from '../../common/opening';
import { MAX_LOADED, MessagesState } from './messages.svelte';

const topicNarrow: Narrow = { kind: 'topic', channelId: 1, topic: 'greetings' };

function page(narrow: Narrow, messages: MessageView[], extra: Partial<MessagePage> = {}): MessagePage {
  return { narrow, messages, foundOldest: true, foundNewest: true, fromCache: false, ...extra };
}

describe('MessagesState', () => {
  let bridge: MemoryBridge;
  let state: MessagesState;

  beforeEach(() => {
    bridge = new MemoryBridge();
    bridge.handle('view:open', () => null);
    bridge.handle('messages:page', ({ narrow }) => page(narrow, [message({ id: 100 }), message({ id: 101 })]));
    state = new MessagesState(bridge.client(), 'acc-1', SELF_ID);
  });

  it('opens a narrow: remembers it in main and loads it around its first unread message', async () => {
    await state.open(topicNarrow);
    expect(bridge.callsOf('view:open')).toEqual([{ accountId: 'acc-1', narrow: topicNarrow }]);
    expect(bridge.callsOf('messages:page')).toEqual([
      {
        accountId: 'acc-1',
        narrow: topicNarrow,
        anchor: 'first_unread',
        before: OPENING_WINDOW.before,
        after: PAGE_SIZE,
        // An opening shows what the cache holds at once; the rest pages in from the edges.
        cacheFirst: true,
      },
    ]);
    expect(state.messages.map((m) => m.id)).toEqual([100, 101]);
    expect(state.foundNewest).toBe(true);
    expect(state.loading).toBe(false);
    // Everything read: the list opens at the newest end.
    expect(state.startAt).toBeNull();
  });

  it('asks the list to start at the first unread message, once per opening', async () => {
    bridge.handle('messages:page', ({ narrow }) =>
      page(narrow, [message({ id: 100 }), message({ id: 101, read: false }), message({ id: 102, read: false })]),
    );
    await state.open(topicNarrow);
    const first = state.startAt;
    expect(first?.messageId).toBe(101);
    await state.open(topicNarrow);
    expect(state.startAt?.messageId).toBe(101);
    expect(state.startAt?.opening).not.toBe(first?.opening);
    // Reloading the newest page (after a reconnect) does not move the reader to an unread message.
    await state.showNewest();
    expect(state.startAt).toBeNull();
  });

  it('names each opening once its first page is in, so the list places each exactly once', async () => {
    let answer: (() => void) | null = null;
    bridge.handle('messages:page', ({ narrow }) => {
      const value = page(narrow, [message({ id: 100 })]);
      return new Promise((resolve) => (answer = () => resolve(value)));
    });
    const opening = state.open(topicNarrow);
    await vi.waitFor(() => expect(answer).not.toBeNull());
    const before = state.opened;
    answer!();
    await opening;
    expect(state.opened).not.toBe(before);
    const first = state.opened;
    answer = null;
    const again = state.showNewest();
    await vi.waitFor(() => expect(answer).not.toBeNull());
    // While the new page is on its way, the list still holds the previous opening.
    expect(state.opened).toBe(first);
    answer!();
    await again;
    expect(state.opened).not.toBe(first);
  });

  it('replaces a local echo with the confirmed message carrying the same localId', async () => {
    await state.open(topicNarrow);
    bridge.emit('messages:added', {
      accountId: 'acc-1',
      messages: [message({ id: -1, localId: 'L1', contentHtml: '<p>mine</p>', senderId: SELF_ID })],
    });
    expect(state.messages.map((m) => [m.id, m.localId])).toEqual([
      [100, undefined],
      [101, undefined],
      [-1, 'L1'],
    ]);

    // Someone else's message arrives before ours is confirmed: the echo stays last.
    bridge.emit('messages:added', { accountId: 'acc-1', messages: [message({ id: 102 })] });
    expect(state.messages.map((m) => m.id)).toEqual([100, 101, 102, -1]);

    bridge.emit('messages:added', {
      accountId: 'acc-1',
      messages: [message({ id: 103, localId: 'L1', contentHtml: '<p>mine</p>' })],
    });
    expect(state.messages.map((m) => m.id)).toEqual([100, 101, 102, 103]);
  });

  it('keeps echoes in send order and drops one removed by its id', async () => {
    await state.open(topicNarrow);
    bridge.emit('messages:added', {
      accountId: 'acc-1',
      messages: [message({ id: -3, localId: 'L3' }), message({ id: -2, localId: 'L2' })],
    });
    expect(state.messages.map((m) => m.id)).toEqual([100, 101, -2, -3]);
    bridge.emit('messages:removed', { accountId: 'acc-1', messageIds: [-2] });
    bridge.emit('messages:added', { accountId: 'acc-1', messages: [message({ id: 102 })] });
    expect(state.messages.map((m) => m.id)).toEqual([100, 101, 102, -3]);
  });

  it('replaces an echo through messages:updated too, e.g. when sending failed', async () => {
    await state.open(topicNarrow);
    bridge.emit('messages:added', { accountId: 'acc-1', messages: [message({ id: -5, localId: 'L5' })] });
    bridge.emit('messages:updated', {
      accountId: 'acc-1',
      messages: [message({ id: -5, localId: 'L5', sendError: 'No such channel' })],
    });
    expect(state.messages).toHaveLength(3);
    expect(state.messages[2]?.sendError).toBe('No such channel');
  });

  it('ignores messages of other narrows and other accounts', async () => {
    await state.open(topicNarrow);
    bridge.emit('messages:added', {
      accountId: 'acc-1',
      messages: [
        message({ id: 200, topic: 'other' }),
        message({ id: 201, channelId: 2 }),
        message({ id: 202, channelId: null, dmUserIds: [SELF_ID, 11] }),
      ],
    });
    bridge.emit('messages:added', { accountId: 'acc-2', messages: [message({ id: 203 })] });
    expect(state.messages.map((m) => m.id)).toEqual([100, 101]);

    // Topics match without regard to case, as on the server.
    bridge.emit('messages:added', { accountId: 'acc-1', messages: [message({ id: 204, topic: 'GREETINGS' })] });
    expect(state.messages.map((m) => m.id)).toEqual([100, 101, 204]);
  });

  it('matches DM messages by the other participants', async () => {
    await state.open({ kind: 'dm', userIds: [11] });
    bridge.emit('messages:added', {
      accountId: 'acc-1',
      messages: [
        message({ id: 300, channelId: null, topic: '', dmUserIds: [SELF_ID, 11] }),
        message({ id: 301, channelId: null, topic: '', dmUserIds: [SELF_ID, 11, 12] }),
        message({ id: 302, channelId: null, topic: '', dmUserIds: [SELF_ID] }),
      ],
    });
    expect(state.messages.map((m) => m.id)).toEqual([100, 101, 300]);
  });

  it('applies edits, moves out of the narrow and deletions', async () => {
    await state.open(topicNarrow);
    bridge.emit('messages:updated', {
      accountId: 'acc-1',
      messages: [message({ id: 100, contentHtml: '<p>edited</p>', edited: true })],
    });
    expect(state.messages[0]?.contentHtml).toBe('<p>edited</p>');
    expect(state.messages[0]?.edited).toBe(true);

    bridge.emit('messages:updated', { accountId: 'acc-1', messages: [message({ id: 101, topic: 'moved away' })] });
    expect(state.messages.map((m) => m.id)).toEqual([100]);

    bridge.emit('messages:removed', { accountId: 'acc-1', messageIds: [100] });
    expect(state.messages).toEqual([]);
  });

  it('loads older messages anchored at the oldest one shown', async () => {
    bridge.handle('messages:page', ({ narrow, anchor }) =>
      typeof anchor === 'string'
        ? page(narrow, [message({ id: 100 }), message({ id: 101 })], { foundOldest: false })
        : page(narrow, [message({ id: 98 }), message({ id: 99 }), message({ id: 100 })], { foundOldest: true }),
    );
    await state.open(topicNarrow);
    expect(state.foundOldest).toBe(false);
    await state.loadOlder();
    expect(bridge.callsOf('messages:page')[1]).toEqual({
      accountId: 'acc-1',
      narrow: topicNarrow,
      anchor: 100,
      before: PAGE_SIZE,
      after: 0,
    });
    expect(state.messages.map((m) => m.id)).toEqual([98, 99, 100, 101]);
    expect(state.foundOldest).toBe(true);

    // Nothing older exists: no more calls.
    await state.loadOlder();
    expect(bridge.callsOf('messages:page')).toHaveLength(2);
  });

  it('explains a Load older or Show newer that brought nothing because the server is out of reach', async () => {
    bridge.handle('messages:page', ({ narrow, anchor }) =>
      typeof anchor === 'string'
        ? page(narrow, [message({ id: 100 }), message({ id: 101 })], { foundOldest: false, foundNewest: false })
        : // Offline: the cache answers with only the anchor it already had.
          page(narrow, [message({ id: anchor as number })], {
            foundOldest: false,
            foundNewest: false,
            fromCache: true,
          }),
    );
    await state.open(topicNarrow);
    expect(state.edgeNote).toBeNull();
    await state.loadOlder();
    expect(state.edgeNote).toEqual({
      side: 'older',
      text: 'No older messages are saved on this computer, and the server cannot be reached right now.',
    });
    await state.loadNewer();
    expect(state.edgeNote?.side).toBe('newer');

    // Back online: a page with something new clears the note.
    bridge.handle('messages:page', ({ narrow }) => page(narrow, [message({ id: 99 })], { foundOldest: true }));
    await state.loadOlder();
    expect(state.edgeNote).toBeNull();
    expect(state.messages.map((m) => m.id)).toEqual([99, 100, 101]);
  });

  it('keeps a bounded window and leaves the gap to loadNewer', async () => {
    const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => message({ id: from + i }));
    bridge.handle('messages:page', ({ narrow, anchor }) => {
      if (typeof anchor === 'string') return page(narrow, ids(10_000, MAX_LOADED), { foundOldest: false });
      return page(narrow, ids(10_000 - PAGE_SIZE, PAGE_SIZE), { foundOldest: false });
    });
    await state.open(topicNarrow);
    await state.loadOlder();
    expect(state.messages).toHaveLength(MAX_LOADED);
    expect(state.messages[0]?.id).toBe(10_000 - PAGE_SIZE);
    expect(state.foundNewest).toBe(false);

    // A new message past the window's end would leave a hole: it is not shown until paged in.
    bridge.emit('messages:added', { accountId: 'acc-1', messages: [message({ id: 20_000 })] });
    expect(state.messages.some((m) => m.id === 20_000)).toBe(false);
  });

  it('takes the first of a catch-up that left newer ones out, and pages the rest in after them', async () => {
    await state.open(topicNarrow);
    expect(state.foundNewest).toBe(true);
    bridge.handle('messages:page', ({ narrow, anchor }) =>
      page(narrow, anchor === 103 ? [message({ id: 103 }), message({ id: 104 }), message({ id: 105 })] : []),
    );
    bridge.emit('messages:added', {
      accountId: 'acc-1',
      messages: [message({ id: 102 }), message({ id: 103 })],
      newerLeftOut: true,
    });
    expect(state.messages.map((m) => m.id)).toEqual([100, 101, 102, 103]);
    expect(state.foundNewest).toBe(false);
    // A later message past the gap waits for the paging, which starts after the newest shown.
    bridge.emit('messages:added', { accountId: 'acc-1', messages: [message({ id: 106 })] });
    expect(state.messages.map((m) => m.id)).toEqual([100, 101, 102, 103]);
    await state.loadNewer();
    expect(bridge.callsOf('messages:page').at(-1)).toMatchObject({ anchor: 103, before: 0, after: PAGE_SIZE });
    expect(state.messages.map((m) => m.id)).toEqual([100, 101, 102, 103, 104, 105]);
    expect(state.foundNewest).toBe(true);
  });

  it('holds at most ten pages while paging 5,000 messages older and back, and reaches the newest again', async () => {
    // A conversation of 10,000 messages (ids 1..10,000), paged as the core does.
    const NEWEST = 10_000;
    bridge.handle('messages:page', ({ narrow, anchor, before, after }) => {
      const at = anchor === 'newest' || anchor === 'first_unread' ? NEWEST : (anchor as number);
      const from = Math.max(1, at - before);
      const to = Math.min(NEWEST, at + after);
      const list = Array.from({ length: to - from + 1 }, (_, i) => message({ id: from + i }));
      return page(narrow, list, { foundOldest: from === 1, foundNewest: to === NEWEST });
    });
    await state.open(topicNarrow);
    // Every change of the window while paging, as [oldest, newest] id: the list keeps the reader's
    // place across a change at one end, not one at both (rows.ts, isPrepend).
    const changes: [number, number][] = [];
    const field = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(state), 'messages')!;
    Object.defineProperty(state, 'messages', {
      get: () => field.get!.call(state) as MessageView[],
      set: (value: MessageView[]) => {
        const before = field.get!.call(state) as MessageView[];
        changes.push([before[0]!.id, before.at(-1)!.id], [value[0]!.id, value.at(-1)!.id]);
        field.set!.call(state, value);
      },
    });
    let most = 0;
    for (let i = 0; i < 50; i++) {
      await state.loadOlder();
      most = Math.max(most, state.messages.length);
    }
    // 5,000 older than the newest is in the window, and the window is no larger than ten pages.
    expect(state.messages[0]?.id).toBe(NEWEST - 5000 - PAGE_SIZE);
    expect(most).toBeLessThanOrEqual(10 * PAGE_SIZE);
    expect(state.foundNewest).toBe(false);
    while (!state.foundNewest) {
      await state.loadNewer();
      most = Math.max(most, state.messages.length);
    }
    expect(most).toBeLessThanOrEqual(10 * PAGE_SIZE);
    expect(state.messages.at(-1)?.id).toBe(NEWEST);
    // The ids stay contiguous: no gap was left where the window was trimmed.
    const ids = state.messages.map((m) => m.id);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => ids[0]! + i));
    const bothEnds = [];
    for (let i = 0; i < changes.length; i += 2) {
      const [[oldestBefore, newestBefore], [oldestAfter, newestAfter]] = [changes[i]!, changes[i + 1]!];
      if (oldestBefore !== oldestAfter && newestBefore !== newestAfter) bothEnds.push(changes[i + 1]);
    }
    expect(changes.length).toBeGreaterThan(100);
    expect(bothEnds).toEqual([]);
  });

  it('drops a page that answers for a narrow that is no longer open', async () => {
    let release: (value: MessagePage) => void = () => {};
    bridge.handle('messages:page', ({ narrow }) =>
      narrow.kind === 'topic'
        ? new Promise<MessagePage>((resolve) => (release = resolve))
        : page(narrow, [message({ id: 500, channelId: 2, topic: 'x' })]),
    );
    const first = state.open(topicNarrow);
    await state.open({ kind: 'channel', channelId: 2 });
    release(page(topicNarrow, [message({ id: 1 })]));
    await first;
    expect(state.messages.map((m) => m.id)).toEqual([500]);
    expect(state.narrow).toEqual({ kind: 'channel', channelId: 2 });
  });

  it('shows a clear error when a page cannot be loaded, and recovers on retry', async () => {
    bridge.handle('messages:page', () => {
      throw new CallFailure('UNREACHABLE', 'connect ECONNREFUSED');
    });
    await state.open(topicNarrow);
    expect(state.error).toContain('Could not reach that server');
    expect(state.loading).toBe(false);

    bridge.handle('messages:page', ({ narrow }) => page(narrow, [message({ id: 7 })]));
    await state.showNewest();
    expect(state.error).toBeNull();
    expect(state.messages.map((m) => m.id)).toEqual([7]);
  });

  it('reports a failed view:open to the log instead of the screen', async () => {
    bridge.handle('view:open', () => {
      throw new CallFailure('INTERNAL', 'disk full');
    });
    await state.open(topicNarrow);
    await Promise.resolve();
    expect(bridge.sends).toEqual([{ name: 'log:error', payload: { message: 'view:open failed: disk full' } }]);
    expect(state.error).toBeNull();
  });

  it('stops listening when disposed', () => {
    expect(bridge.listenerCount('messages:added')).toBe(1);
    state.dispose();
    expect(bridge.listenerCount('messages:added')).toBe(0);
  });

  it('turns failed calls into BridgeErrors with the code from main', async () => {
    bridge.handle('sidebar:get', () => {
      throw new CallFailure('UNKNOWN_ACCOUNT', 'No such account');
    });
    const error = await bridge
      .client()
      .call('sidebar:get', { accountId: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'UNKNOWN_ACCOUNT', message: 'No such account' });
  });
});

describe('MessagesState after a send of the user', () => {
  it('counts the send and reloads the newest end when the window was elsewhere', async () => {
    const bridge = new MemoryBridge();
    bridge.handle('view:open', () => null);
    bridge.handle('messages:page', ({ narrow, anchor }) =>
      anchor === 'first_unread'
        ? page(narrow, [message({ id: 100, read: false })], { foundNewest: false })
        : page(narrow, [message({ id: 300 })]),
    );
    const state = new MessagesState(bridge.client(), 'acc-1', SELF_ID);
    await state.open(topicNarrow);
    expect(state.foundNewest).toBe(false);
    bridge.emit('messages:added', {
      accountId: 'acc-1',
      messages: [message({ id: -1, localId: 'L9', senderId: SELF_ID })],
    });
    expect(state.sentByMe).toBe(1);
    await expect.poll(() => state.foundNewest).toBe(true);
    expect(bridge.callsOf('messages:page').at(-1)).toMatchObject({ anchor: 'newest' });
    state.dispose();
  });
});

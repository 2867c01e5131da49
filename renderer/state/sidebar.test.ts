import { describe, expect, it, vi } from 'vitest';
import { MemoryBridge } from '../testing/memoryBridge';
import { sidebar } from '../testing/fixtures';
import { SidebarState } from './sidebar.svelte';

describe('SidebarState', () => {
  it('loads the sidebar and keeps unread counts current from sidebar:changed', async () => {
    const bridge = new MemoryBridge().handle('sidebar:get', () => sidebar());
    const state = new SidebarState(bridge.client(), 'acc-1');
    await state.load();
    expect(state.channel(1)?.unreadCount).toBe(3);

    const next = sidebar();
    next.channels[0]!.unreadCount = 7;
    next.channels[0]!.topics[0]!.unreadCount = 6;
    next.dms[0]!.unreadCount = 0;
    bridge.emit('sidebar:changed', { sidebar: next });
    expect(state.channel(1)?.unreadCount).toBe(7);
    expect(state.channel(1)?.topics[0]?.unreadCount).toBe(6);
    expect(state.dms[0]?.unreadCount).toBe(0);
  });

  it('merges sidebar:delta rows into what it holds, and drops deltas before the first sidebar', async () => {
    const bridge = new MemoryBridge().handle('sidebar:get', () => sidebar());
    const state = new SidebarState(bridge.client(), 'acc-1');
    const { topics: _t, ...head } = sidebar().channels[0]!;
    bridge.emit('sidebar:delta', { delta: { accountId: 'acc-1', channels: [{ ...head, unreadCount: 99 }] } });
    expect(state.sidebar).toBeNull();
    await state.load();
    bridge.emit('sidebar:delta', {
      delta: {
        accountId: 'acc-1',
        channels: [{ ...head, unreadCount: 4, topics: [{ name: 'fresh', maxMessageId: 500, unreadCount: 1 }] }],
        removedUsers: [11],
      },
    });
    expect(state.channel(1)?.unreadCount).toBe(4);
    expect(state.channel(1)?.topics.map((t) => t.name)).toEqual(['fresh', 'greetings', '']);
    expect(state.usersById.has(11)).toBe(false);
    bridge.emit('sidebar:delta', { delta: { accountId: 'acc-2', removedChannels: [1] } });
    expect(state.channel(1)).toBeDefined();
  });

  it('merges a delta that arrives while sidebar:get is in flight into its answer, built before it', async () => {
    // The answer is built first; the delta for a change after it reaches the page before it.
    let answer!: () => void;
    const built = sidebar();
    const bridge = new MemoryBridge().handle('sidebar:get', () => new Promise((r) => (answer = () => r(built))));
    const state = new SidebarState(bridge.client(), 'acc-1');
    const loading = state.load();
    await vi.waitFor(() => expect(answer).toBeDefined());
    const { topics: _t, ...head } = built.channels[0]!;
    bridge.emit('sidebar:delta', {
      delta: { accountId: 'acc-1', channels: [{ ...head, unreadCount: 42 }], removedUsers: [11] },
    });
    answer();
    await loading;
    expect(state.channel(1)?.unreadCount).toBe(42);
    expect(state.usersById.has(11)).toBe(false);
  });

  it('keeps a whole sidebar pushed while sidebar:get is in flight over the older answer', async () => {
    let answer!: () => void;
    const bridge = new MemoryBridge().handle('sidebar:get', () => new Promise((r) => (answer = () => r(sidebar()))));
    const state = new SidebarState(bridge.client(), 'acc-1');
    const loading = state.load();
    await vi.waitFor(() => expect(answer).toBeDefined());
    bridge.emit('sidebar:changed', { sidebar: sidebar({ channels: [] }) });
    answer();
    await loading;
    expect(state.channels).toHaveLength(0);
  });

  it('ignores the sidebar of another account', async () => {
    const bridge = new MemoryBridge().handle('sidebar:get', () => sidebar());
    const state = new SidebarState(bridge.client(), 'acc-1');
    await state.load();
    bridge.emit('sidebar:changed', { sidebar: sidebar({ accountId: 'acc-2', channels: [] }) });
    expect(state.channels).toHaveLength(2);
  });

  it('sorts pinned channels first, muted ones last, then by name', () => {
    const bridge = new MemoryBridge();
    const state = new SidebarState(bridge.client(), 'acc-1');
    const base = sidebar().channels[1]!;
    bridge.emit('sidebar:changed', {
      sidebar: sidebar({
        channels: [
          { ...base, id: 1, name: 'zebra' },
          { ...base, id: 2, name: 'Apple', isMuted: true },
          { ...base, id: 3, name: 'mango', pinToTop: true },
          { ...base, id: 4, name: 'banana' },
        ],
      }),
    });
    expect(state.channels.map((c) => c.name)).toEqual(['mango', 'banana', 'zebra', 'Apple']);
  });

  it('orders DM conversations by their latest message and indexes users', () => {
    const bridge = new MemoryBridge();
    const state = new SidebarState(bridge.client(), 'acc-1');
    bridge.emit('sidebar:changed', {
      sidebar: sidebar({
        dms: [
          { userIds: [11], names: ['Alice Adams'], maxMessageId: 5, unreadCount: 0 },
          { userIds: [], names: [], maxMessageId: 9, unreadCount: 0 },
        ],
      }),
    });
    expect(state.dms.map((d) => d.maxMessageId)).toEqual([9, 5]);
    expect(state.usersById.get(11)?.fullName).toBe('Alice Adams');
  });

  it('shows an error when the sidebar cannot be loaded and reloads after a reconnect', async () => {
    let fail = true;
    const bridge = new MemoryBridge().handle('sidebar:get', () => {
      if (fail) throw new Error('boom');
      return sidebar();
    });
    const state = new SidebarState(bridge.client(), 'acc-1');
    await state.load();
    expect(state.error).not.toBeNull();
    fail = false;
    bridge.reconnect();
    await vi.waitFor(() => expect(state.error).toBeNull());
    expect(state.channels).toHaveLength(2);
  });

  it('builds again only what a delta changed: a channel message leaves the DMs, users and channel order as they were', async () => {
    const bridge = new MemoryBridge().handle('sidebar:get', () => sidebar());
    const state = new SidebarState(bridge.client(), 'acc-1');
    await state.load();
    const [dms, users, order] = [state.dms, state.usersById, state.channels.map((c) => c.id)];
    // Names are compared only to sort: a delta that changes counts keeps the order without them.
    const compared = vi.spyOn(String.prototype, 'localeCompare');
    const collated = vi.spyOn(Intl.Collator.prototype, 'compare', 'get');
    try {
      const { topics: _t, ...head } = sidebar().channels[0]!;
      bridge.emit('sidebar:delta', {
        delta: {
          accountId: 'acc-1',
          channels: [{ ...head, unreadCount: 4, topics: [{ name: 'new', maxMessageId: 501, unreadCount: 1 }] }],
        },
      });
      expect(state.channel(1)?.unreadCount).toBe(4);
      expect(state.channels.find((c) => c.id === 1)?.unreadCount).toBe(4);
      expect(state.channels.map((c) => c.id)).toEqual(order);
      expect(compared).not.toHaveBeenCalled();
      expect(collated).not.toHaveBeenCalled();
    } finally {
      compared.mockRestore();
      collated.mockRestore();
    }
    // The same objects: the DM list, the people list and the user index are not worked out again.
    expect(state.dms).toBe(dms);
    expect(state.usersById).toBe(users);
    // A rename does move a channel.
    const { topics: _u, ...renamed } = sidebar().channels[0]!;
    bridge.emit('sidebar:delta', { delta: { accountId: 'acc-1', channels: [{ ...renamed, name: 'zzz' }] } });
    expect(state.channels.at(-1)?.name).toBe('zzz');
  });
});

/**
 * The Inbox at the size of the biggest Zulip communities: thousands of unread conversations are
 * reachable, but only the rows near the viewport are in the DOM (virtualized in chunks), and each
 * mounted row is still a list item of its group, under its heading, in the order Zulip shows.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelSummary, Sidebar } from '../../../common/model';
import { CHUNK_ROWS } from '../inbox/chunks';
import type { SidebarMenus } from '../sidebar/menus';
import ConversationsScreen from './ConversationsScreen.svelte';

const channel = (id: number, topicCount: number): ChannelSummary =>
  ({
    id,
    name: `c${id}`,
    color: '#000',
    description: '',
    inviteOnly: false,
    isMuted: false,
    pinToTop: false,
    unreadCount: topicCount,
    topics: Array.from({ length: topicCount }, (_, i) => ({
      name: `t${id}-${i}`,
      unreadCount: 1,
      maxMessageId: id * 10_000 + topicCount - i,
    })),
  }) as ChannelSummary;

/** 4,200 unread topics in 20 channels, and two unread DMs. */
const big: Sidebar = {
  accountId: 'a',
  channels: Array.from({ length: 20 }, (_, i) => channel(i + 1, 210)),
  dms: [
    { userIds: [5], names: ['Ada'], maxMessageId: 1, unreadCount: 1 },
    { userIds: [6], names: ['Bo'], maxMessageId: 2, unreadCount: 3 },
  ],
  users: [],
  emptyTopicDisplayName: 'general chat',
};

function renderInbox(sidebar: Sidebar, onOpen = vi.fn()) {
  render(ConversationsScreen, { mode: 'inbox', sidebar, visibilityOf: () => 'none', onOpen });
  return screen.getByRole('region', { name: 'Inbox' });
}

describe('Inbox, virtualized', () => {
  // jsdom mounts a window's worth of one-line chunks (see below), ~1,200 rows: seconds on a busy machine.
  it(
    'mounts the rows near the viewport, not all 4,202, with DMs first under their heading',
    { timeout: 30_000 },
    async () => {
      const inbox = renderInbox(big);
      const dms = await within(inbox).findByRole('list', { name: 'Direct messages' }, { timeout: 10_000 });
      expect(
        within(dms)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([expect.stringContaining('Bo'), expect.stringContaining('Ada')]);
      expect(within(inbox).getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Direct messages');
      // The newest channel (c20) comes right after the DMs, its newest topic first.
      // A big group is mounted in chunks, each a list named after the group.
      const [first] = within(inbox).getAllByRole('list', { name: '#c20' });
      expect(within(first!).getAllByRole('button')[0]).toHaveTextContent('t20-0');
      const mounted = within(inbox).getAllByRole('listitem').length;
      expect(mounted).toBeGreaterThan(2);
      // jsdom has no layout: test-setup.ts counts each chunk one line high, so a window's worth of
      // chunks mounts (about 30 of 106); in Chromium it is two or three. Drawing all would be 4,202.
      expect(mounted).toBeLessThan(4202 / 2);
    },
  );

  it('mounts about one chunk in its first layout, before virtua has measured any', async () => {
    // The rows of the first mutation that brings any: virtua's guess, before test-setup.ts's
    // ResizeObserver has reported a chunk's height. Taken at virtua's 40 px default, a chunk of 40
    // rows would be mounted ~20 times over (800 rows).
    let first = 0;
    const seen = new MutationObserver(() => {
      first ||= document.querySelectorAll('[aria-label="Inbox"] li').length;
    });
    seen.observe(document.body, { subtree: true, childList: true });
    const inbox = renderInbox(big);
    await within(inbox).findByRole('list', { name: 'Direct messages' }, { timeout: 10_000 });
    seen.disconnect();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(2 * CHUNK_ROWS + 2);
  });

  it('opens the conversation of a clicked row', { timeout: 30_000 }, async () => {
    const onOpen = vi.fn();
    const inbox = renderInbox(big, onOpen);
    const [list] = await within(inbox).findAllByRole('list', { name: '#c20' }, { timeout: 10_000 });
    await fireEvent.click(within(list!).getAllByRole('button')[1]!);
    expect(onOpen).toHaveBeenCalledWith({ kind: 'topic', channelId: 20, topic: 't20-1' });
  });

  it('builds a topic row’s menu when it is opened, not for every row mounted', { timeout: 30_000 }, async () => {
    const built: string[] = [];
    const menus: SidebarMenus = {
      channel: () => [],
      topic: (_channel, topic) => {
        built.push(topic);
        return [{ label: `Copy link to ${topic}`, run: () => undefined }];
      },
      topicMark: () => null,
    };
    render(ConversationsScreen, { mode: 'inbox', sidebar: big, visibilityOf: () => 'none', onOpen: vi.fn(), menus });
    const inbox = screen.getByRole('region', { name: 'Inbox' });
    const [list] = await within(inbox).findAllByRole('list', { name: '#c20' }, { timeout: 10_000 });
    const trigger = within(list!).getByRole('button', { name: 'Conversation options for t20-1' });
    expect(built).toEqual([]);
    await fireEvent.click(trigger);
    expect(await within(list!).findByRole('menuitem', { name: 'Copy link to t20-1' })).toBeInTheDocument();
    expect(built).toEqual(['t20-1']);
  });

  it('says so when nothing is unread', () => {
    const inbox = renderInbox({ ...big, channels: [], dms: [] });
    expect(inbox).toHaveTextContent('You have no unread messages.');
    expect(within(inbox).queryByRole('list')).toBeNull();
  });
});

describe('Inbox groups collapse', () => {
  const small: Sidebar = {
    ...big,
    accountId: 'collapse-test',
    channels: [channel(1, 3), { ...channel(2, 2), color: '#c2185b' }],
  };

  it('collapses a channel to its header (keeping its unread count) and opens it again', async () => {
    const inbox = renderInbox(small);
    const header = await within(inbox).findByRole('button', { name: /#c2/ });
    expect(header).toHaveAttribute('aria-expanded', 'true');
    expect(header).toHaveTextContent('2 unread');
    expect(within(inbox).getByRole('list', { name: '#c2' })).toBeInTheDocument();
    await fireEvent.click(header);
    expect(within(inbox).getByRole('button', { name: /#c2/ })).toHaveAttribute('aria-expanded', 'false');
    expect(within(inbox).queryByRole('list', { name: '#c2' })).toBeNull();
    expect(within(inbox).getByRole('button', { name: /#c2/ })).toHaveTextContent('2 unread');
    // The other groups stay open.
    expect(within(inbox).getByRole('list', { name: '#c1' })).toBeInTheDocument();
    await fireEvent.click(within(inbox).getByRole('button', { name: /#c2/ }));
    expect(within(inbox).getByRole('list', { name: '#c2' })).toBeInTheDocument();
  });

  it('keeps a collapsed group collapsed when the Inbox is drawn again, and in local storage', async () => {
    const first = renderInbox({ ...small, accountId: 'collapse-kept' });
    await fireEvent.click(await within(first).findByRole('button', { name: /Direct messages/ }));
    expect(JSON.parse(localStorage.getItem('parley.inbox.collapsed.collapse-kept') ?? '[]')).toEqual(['dms']);
    cleanup();
    const again = renderInbox({ ...small, accountId: 'collapse-kept' });
    const header = await within(again).findByRole('button', { name: /Direct messages/ });
    expect(header).toHaveAttribute('aria-expanded', 'false');
    expect(within(again).queryByRole('list', { name: 'Direct messages' })).toBeNull();
  });
});

describe('Inbox updates', () => {
  const two: Sidebar = { ...big, accountId: 'updates', channels: [channel(1, 3), channel(2, 2)] };
  const oneMoreIn = (s: Sidebar, id: number): Sidebar => ({
    ...s,
    channels: s.channels.map((c) =>
      c.id === id ? { ...c, topics: c.topics.map((t, i) => (i === 0 ? { ...t, unreadCount: 2 } : t)) } : c,
    ),
  });

  it('builds again only the rows of the channel a sidebar delta replaced', async () => {
    const asked: string[] = [];
    const visibilityOf = (_channelId: number, topic: string) => (asked.push(topic), 'none' as const);
    const stamp = {};
    const props = { mode: 'inbox' as const, sidebar: two, visibilityOf, visibilityStamp: stamp, onOpen: vi.fn() };
    const { rerender } = render(ConversationsScreen, props);
    const inbox = screen.getByRole('region', { name: 'Inbox' });
    await within(inbox).findByRole('list', { name: '#c1' });
    expect(asked.sort()).toEqual(['t1-0', 't1-1', 't1-2', 't2-0', 't2-1']);
    asked.length = 0;
    await rerender({ ...props, sidebar: oneMoreIn(two, 2) });
    expect(asked.sort()).toEqual(['t2-0', 't2-1']);
    expect(within(inbox).getByRole('button', { name: /#c2/ })).toHaveTextContent('3 unread');
  });

  it('shows a topic muted since under a new stamp, though no channel changed', async () => {
    let muted = '';
    const visibilityOf = (_channelId: number, topic: string) =>
      topic === muted ? ('muted' as const) : ('none' as const);
    const props = { mode: 'inbox' as const, sidebar: two, visibilityOf, visibilityStamp: {}, onOpen: vi.fn() };
    const { rerender } = render(ConversationsScreen, props);
    const inbox = screen.getByRole('region', { name: 'Inbox' });
    const list = await within(inbox).findByRole('list', { name: '#c1' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    muted = 't1-1';
    await rerender({ ...props, visibilityStamp: {} });
    expect(within(within(inbox).getByRole('list', { name: '#c1' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(inbox).queryByText('t1-1')).toBeNull();
  });
});

describe('Recent conversations rows', () => {
  const sidebar: Sidebar = { ...big, channels: [channel(1, 2)] };
  /**
   * Seconds before `from`. The screen's clock is read when it is drawn: times counted from a
   * moment taken before that never come out a minute short (counted from when loadDetails ran,
   * a few milliseconds after the draw, "5 minutes ago" could read "4 minutes ago").
   */
  const minutesAgo = (m: number, from = Date.now()) => Math.floor(from / 1000) - m * 60;

  it('show the recent senders and the last message’s time that main reports, asked in one call', async () => {
    const before = Date.now();
    const loadDetails = vi.fn(async (narrows: unknown[]) =>
      narrows.map((_, i) => ({
        participants: [
          { userId: 1, name: 'Ada Lovelace', avatarUrl: null },
          { userId: 2, name: 'Bo Diddley', avatarUrl: null },
        ],
        participantCount: i === 0 ? 6 : 2,
        lastTimestamp: minutesAgo(5 + i * 60, before),
      })),
    );
    render(ConversationsScreen, { mode: 'recent', sidebar, visibilityOf: () => 'none', onOpen: vi.fn(), loadDetails });
    const recent = screen.getByRole('region', { name: 'Recent conversations' });
    await within(recent).findAllByText('Participants: Ada Lovelace, Bo Diddley and 4 more.');
    expect(loadDetails).toHaveBeenCalledTimes(1);
    // Newest first: the DMs (ids 1, 2) are older than the topics.
    expect(loadDetails.mock.calls[0]![0]).toHaveLength(4);
    const times = within(recent).getAllByRole('time' as never);
    expect(times.map((t) => t.textContent)).toEqual(['5 minutes ago', 'An hour ago', '2 hours ago', '3 hours ago']);
    expect(within(recent).getByText('+4')).toBeInTheDocument();
  });

  it('say so when the details cannot be loaded, and still list the rows', async () => {
    const loadDetails = vi.fn(async () => {
      throw new Error('the cache is locked');
    });
    render(ConversationsScreen, { mode: 'recent', sidebar, visibilityOf: () => 'none', onOpen: vi.fn(), loadDetails });
    const recent = screen.getByRole('region', { name: 'Recent conversations' });
    expect(await within(recent).findByRole('status')).toHaveTextContent(
      'Participants and times could not be loaded: the cache is locked',
    );
    expect(within(recent).getAllByRole('listitem')).toHaveLength(4);
  });
});

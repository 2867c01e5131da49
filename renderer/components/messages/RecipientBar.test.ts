import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MessageView, Narrow } from '../../../common/model';
import { formatShortDay } from '../../lib/format';
import { MessageActions } from '../../state/messageActions';
import { TopicVisibilityState } from '../../state/topicVisibility.svelte';
import { message, SELF_ID, sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import MessageItem from './MessageItem.svelte';
import RecipientBar from './RecipientBar.svelte';
import { channelColors } from './barInputs';
import { buildRows } from './rows';
import { recipientTopicMenu } from './topicMenu';

function bar(
  m: MessageView,
  topicMenu: ((c: number, t: string) => { label: string; run: () => void }[]) | null = null,
) {
  const onOpen = vi.fn<(narrow: Narrow) => void>();
  const [row] = buildRows([m]);
  const bars = sidebar();
  const colors = channelColors(bars, null);
  render(RecipientBar, { row: row!, names: bars, colors, selfUserId: SELF_ID, onOpen, topicMenu });
  return { onOpen };
}

describe('RecipientBar', () => {
  it('names the channel and the topic, each opening its narrow, in the channel colour', async () => {
    const { onOpen } = bar(message({ channelId: 1, topic: 'greetings' }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '#general' }));
    await user.click(screen.getByRole('button', { name: '#general > greetings' }));
    expect(onOpen.mock.calls).toEqual([
      [{ kind: 'channel', channelId: 1 }],
      [{ kind: 'topic', channelId: 1, topic: 'greetings' }],
    ]);
    const shown = document.querySelector<HTMLElement>('[data-recipient-bar]')!;
    expect(shown.style.getPropertyValue('--channel')).toBe('#76ce90');
    // The date of the first bar is always shown (Zulip's render_date: short month and day).
    expect(shown.querySelector('.date')).toHaveTextContent(formatShortDay(1_700_000_000));
    expect(formatShortDay(1_700_000_000, new Date(2026, 0, 1))).toMatch(/2023/);
  });

  it('names the other people of a DM, and opens that conversation', async () => {
    const { onOpen } = bar(message({ channelId: null, topic: '', dmUserIds: [SELF_ID, 11] }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'You and Alice Adams' }));
    expect(onOpen).toHaveBeenCalledWith({ kind: 'dm', userIds: [11] });
  });

  it("offers the topic's actions, with Mark topic as read only while something in it is unread", async () => {
    const bridge = new MemoryBridge()
      .handle('topics:listVisibility', () => ({ items: [], next: null }))
      .handle('messages:markRead', () => ({ count: 2 }));
    const parts = {
      topics: new TopicVisibilityState(bridge.client(), 'acc-1', true),
      actions: new MessageActions(bridge.client(), 'acc-1', SELF_ID),
    };
    const labels = (topic: string) => recipientTopicMenu(parts, sidebar(), 1, topic).map((item) => item.label);
    // The fixture's "greetings" has 2 unread messages; "other" has none.
    expect(labels('greetings')).toEqual(['Mute topic', 'Follow topic', 'Mark topic as read']);
    expect(labels('GREETINGS')).toContain('Mark topic as read');
    expect(labels('other')).toEqual(['Mute topic', 'Follow topic']);

    bar(message({ channelId: 1, topic: 'greetings' }), (c, t) => recipientTopicMenu(parts, sidebar(), c, t));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Topic options for greetings' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark topic as read' }));
    expect(bridge.callsOf('messages:markRead').at(-1)).toMatchObject({
      scope: { kind: 'topic', channelId: 1, topic: 'greetings' },
    });
  });

  it('builds the topic menu only when it is opened', async () => {
    // The menu reads the sidebar and the topic's visibility: built with the bar, every mounted bar
    // built it again on each sidebar delta (twice per incoming message), to show nothing new.
    const topicMenu = vi.fn((_c: number, _t: string) => [{ label: 'Mute topic', run: () => {} }]);
    bar(message({ channelId: 1, topic: 'greetings' }), topicMenu);
    expect(topicMenu).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Topic options for greetings' }));
    expect(screen.getByRole('menuitem', { name: 'Mute topic' })).toBeInTheDocument();
    expect(topicMenu).toHaveBeenCalledTimes(1);
  });
});

describe('the unread marker', () => {
  it('stands beside an unread message and fades when it is read, without changing the layout', async () => {
    const unread = message({ read: false });
    const { rerender } = render(MessageItem, {
      message: unread,
      continued: false,
      baseUrl: 'https://chat.example.com',
      selfUserId: SELF_ID,
    });
    const article = screen.getByRole('article');
    const marker = article.querySelector('.unread-marker')!;
    expect(article).toHaveClass('unread');
    expect(marker).toBeInTheDocument();
    await rerender({ message: { ...unread, read: true } });
    expect(article).not.toHaveClass('unread');
    // The same element stays (its opacity transition is the fade); nothing is added or removed.
    expect(article.querySelector('.unread-marker')).toBe(marker);
  });
});

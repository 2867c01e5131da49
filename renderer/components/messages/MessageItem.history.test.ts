import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MessageVersion, MessageView } from '../../../common/model';
import { MessageActions } from '../../state/messageActions';
import { message, SELF_ID, sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import MessageItem from './MessageItem.svelte';

const versions: MessageVersion[] = [
  {
    timestamp: 1_700_000_000,
    userId: 11,
    kind: 'original',
    contentHtml: '<p>first try</p>',
    topic: 'old',
    channelId: 1,
  },
  { timestamp: 1_700_000_100, userId: 11, kind: 'edit', contentHtml: '<p>second try</p>', topic: 'old', channelId: 1 },
  {
    timestamp: 1_700_000_200,
    userId: SELF_ID,
    kind: 'edit',
    contentHtml: null,
    topic: 'new',
    channelId: 1,
    prevTopic: 'old',
  },
];

function setup(view: MessageView) {
  const bridge = new MemoryBridge()
    .handle('messages:raw', () => ({ content: 'the **raw** words' }))
    .handle('messages:history', () => versions);
  const quotes: [number, string][] = [];
  const senders: number[] = [];
  render(MessageItem, {
    message: view,
    continued: false,
    baseUrl: 'https://chat.example.com',
    selfUserId: SELF_ID,
    actions: new MessageActions(bridge.client(), 'acc-1', SELF_ID),
    sidebar: sidebar(),
    onQuote: (m: MessageView, q: string) => quotes.push([m.id, q]),
    onSender: (id: number) => senders.push(id),
  });
  return { bridge, quotes, senders, user: userEvent.setup() };
}

describe('MessageItem: quote, edit history, sender card', () => {
  it('quotes the message’s Markdown with a silent mention and a link to it', async () => {
    const { quotes, user } = setup(message({ id: 42, senderId: 11, senderName: 'Alice Adams' }));
    await user.click(screen.getByRole('button', { name: 'Message actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Quote and reply' }));
    expect(quotes).toHaveLength(1);
    expect(quotes[0]![0]).toBe(42);
    expect(quotes[0]![1]).toMatch(
      /^@_\*\*Alice Adams\|11\*\* \[said\]\(https:\/\/chat\.example\.com\/#narrow\/channel\/.+\/near\/42\):\n```quote\nthe \*\*raw\*\* words\n```\n$/,
    );
  });

  it('opens the edit history from the (edited) marker, oldest first, with moves', async () => {
    const { bridge, user } = setup(message({ id: 43, edited: true }));
    await user.click(screen.getByRole('button', { name: '(edited)' }));
    const dialog = screen.getByRole('dialog', { name: 'Message edit history' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('strong')!.textContent)).toEqual([
      'Original, by Alice Adams',
      'Edited by Alice Adams',
      'Moved by you',
    ]);
    expect(items[0]).toHaveTextContent('first try');
    // The edit shows what it changed: "first" went, "second" came (as Zulip highlights them).
    expect(items[1]!.querySelector('del')).toHaveTextContent('first');
    expect(items[1]!.querySelector('ins')).toHaveTextContent('second');
    expect(items[1]).toHaveTextContent('firstsecond try');
    expect(items[2]).toHaveTextContent('#general > old → #general > new');
    expect(bridge.callsOf('messages:history')).toEqual([{ accountId: 'acc-1', messageId: 43 }]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the history in the menu only for edited or moved messages, and the sender opens a card', async () => {
    const { senders, user } = setup(message({ id: 44, senderId: 11, senderName: 'Alice Adams' }));
    await user.click(screen.getByRole('button', { name: 'Message actions' }));
    expect(screen.queryByRole('menuitem', { name: 'View edit history' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Alice Adams' }));
    expect(senders).toEqual([11]);
  });
});

import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageView, Narrow } from '../../../common/model';
import { MessagesState } from '../../state/messages.svelte';
import { message, SELF_ID, sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import MessageList from './MessageList.svelte';
import { forgetRowSizes } from './rowSizes';

// Each test is a page of its own: no row sizes remembered from another test's list of the same
// narrow. (jsdom has no scroll height, so a list here always finds itself at its end, and one
// opened with known sizes followed its end again after a test's scroll to the top.)
beforeEach(() => forgetRowSizes());

async function renderList(narrow: Narrow, messages: MessageView[], foundOldest = true, onSeenBottom = () => {}) {
  const bridge = new MemoryBridge()
    .handle('view:open', () => null)
    .handle('messages:page', (args) => ({
      narrow: args.narrow,
      messages: typeof args.anchor === 'string' ? messages : [message({ id: 1, contentHtml: '<p>the very first</p>' })],
      foundOldest: typeof args.anchor === 'string' ? foundOldest : true,
      foundNewest: true,
      fromCache: true,
    }));
  const state = new MessagesState(bridge.client(), 'acc-1', SELF_ID);
  await state.open(narrow);
  const label = narrow.kind === 'channel' ? '#general' : '#general > greetings';
  render(MessageList, {
    messages: state,
    sidebar: sidebar(),
    label,
    baseUrl: 'https://chat.example.com',
    onOpen: () => {},
    onSeenBottom,
  });
  // The virtualizer mounts rows once it knows the size of its viewport (a ResizeObserver report).
  if (messages.length > 0) await screen.findAllByRole('article');
  return { bridge, state, label };
}

describe('MessageList', () => {
  it('reads the end of the list only while the window has focus, and again when focus returns', async () => {
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    let seen = 0;
    try {
      await renderList(
        { kind: 'topic', channelId: 1, topic: 'greetings' },
        [message({ id: 100, read: false })],
        true,
        () => {
          seen += 1;
        },
      );
      expect(seen).toBe(0);
      hasFocus.mockReturnValue(true);
      window.dispatchEvent(new Event('focus'));
      expect(seen).toBeGreaterThan(0);
    } finally {
      hasFocus.mockRestore();
    }
  });

  it('renders messages in a log named after the narrow, with sanitized content', async () => {
    await renderList({ kind: 'topic', channelId: 1, topic: 'greetings' }, [
      message({ id: 100, contentHtml: '<p>Hello <b>there</b><script>window.bad = 1</script></p>' }),
      message({
        id: 101,
        senderId: 12,
        senderName: 'Bob Brown',
        contentHtml: '<p><a href="/x">link</a><img src=y onerror="window.bad=2"></p>',
      }),
    ]);
    const log = screen.getByRole('log', { name: '#general > greetings' });
    const items = within(within(log).getByRole('list', { name: '#general > greetings' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Alice Adams')).toBeInTheDocument();
    expect(within(items[0]!).getByText('there')).toBeInTheDocument();
    expect(log.querySelector('script, [onerror]')).toBeNull();
    expect(within(items[1]!).getByRole('link', { name: 'link' })).toHaveAttribute('href', 'https://chat.example.com/x');
    expect(within(items[1]!).getByRole('link', { name: 'link' })).toHaveAttribute('target', '_blank');
    expect((window as unknown as { bad?: number }).bad).toBeUndefined();
  });

  it('shows reactions with counts and the edited marker', async () => {
    await renderList({ kind: 'topic', channelId: 1, topic: 'greetings' }, [
      message({
        id: 100,
        edited: true,
        reactions: [
          { emojiName: 'thumbs_up', emojiCode: '1f44d', reactionType: 'unicode_emoji', userIds: [11, SELF_ID, 12] },
          { emojiName: 'parrot', emojiCode: '42', reactionType: 'realm_emoji', userIds: [11] },
        ],
      }),
    ]);
    const reactions = screen.getByRole('list', { name: 'Reactions' });
    const [thumbs, parrot] = within(reactions).getAllByRole('listitem');
    expect(thumbs).toHaveAccessibleName('thumbs_up: 3, including you');
    expect(thumbs).toHaveTextContent(/^👍\s*3$/);
    expect(parrot).toHaveTextContent(/^:parrot:\s*1$/);
    expect(screen.getByText('(edited)')).toBeInTheDocument();
  });

  it('marks local echoes as sending, and failed ones with the reason', async () => {
    const { bridge } = await renderList({ kind: 'topic', channelId: 1, topic: 'greetings' }, [message({ id: 100 })]);
    bridge.emit('messages:added', {
      accountId: 'acc-1',
      messages: [
        message({ id: -1, localId: 'a', senderId: SELF_ID, senderName: 'Me Myself', contentHtml: '<p>one</p>' }),
        message({
          id: -2,
          localId: 'b',
          senderId: SELF_ID,
          senderName: 'Me Myself',
          contentHtml: '<p>two</p>',
          sendError: 'Channel does not exist',
        }),
      ],
    });
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not sent: Channel does not exist');

    // The confirmed copy replaces the echo: nothing is pending any more.
    bridge.emit('messages:added', {
      accountId: 'acc-1',
      messages: [
        message({ id: 102, localId: 'a', senderId: SELF_ID, senderName: 'Me Myself', contentHtml: '<p>one</p>' }),
      ],
    });
    await expect.poll(() => screen.queryByText('Sending…')).toBeNull();
    expect(screen.getAllByText('one')).toHaveLength(1);
  });

  it("puts a recipient bar over each topic in a channel narrow and groups a sender's messages", async () => {
    await renderList({ kind: 'channel', channelId: 1 }, [
      message({ id: 100, topic: 'greetings' }),
      message({ id: 101, topic: 'greetings', timestamp: 1_700_000_030 }),
      message({ id: 102, topic: '', timestamp: 1_700_000_060 }),
    ]);
    expect(screen.getByRole('button', { name: '#general > greetings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '#general > general chat' })).toBeInTheDocument();
    // The second message continues the first: one header for both.
    expect(screen.getAllByText('Alice Adams')).toHaveLength(2);
  });

  it('loads older messages anchored at the oldest one', async () => {
    const { bridge } = await renderList(
      { kind: 'topic', channelId: 1, topic: 'greetings' },
      [message({ id: 100 })],
      false,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(bridge.callsOf('messages:page').at(-1)).toMatchObject({ anchor: 100, before: 100, after: 0 });
    expect(await screen.findByText('the very first')).toBeInTheDocument();
    expect(screen.getByText('This is the beginning of #general > greetings.')).toBeInTheDocument();
  });

  it('loads older messages when scrolled to the top', async () => {
    const { bridge } = await renderList(
      { kind: 'topic', channelId: 1, topic: 'greetings' },
      [message({ id: 100 })],
      false,
    );
    const scroller = screen.getByRole('log').parentElement!;
    scroller.dispatchEvent(new Event('scroll'));
    await expect.poll(() => bridge.callsOf('messages:page')).toHaveLength(2);
    expect(await screen.findByText('the very first')).toBeInTheDocument();
  });

  it('mounts only the messages near the viewport, opening at the newest', async () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      message({ id: 1000 + i, timestamp: 1_700_000_000 + i * 600, contentHtml: `<p>number ${i}</p>` }),
    );
    await renderList({ kind: 'topic', channelId: 1, topic: 'greetings' }, many);
    expect(await screen.findByText('number 299')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: '#general > greetings' });
    const mounted = within(list).getAllByRole('article');
    expect(mounted.length).toBeLessThan(100);
    expect(screen.queryByText('number 0')).toBeNull();
    // Screen readers still learn where a row sits in the whole list.
    const newest = mounted.at(-1)!.closest('[role="listitem"]');
    expect(newest).toHaveAttribute('aria-posinset', '300');
    expect(newest).toHaveAttribute('aria-setsize', '300');
  });

  it('keeps the message holding focus mounted when it is scrolled away', async () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      message({
        id: 1000 + i,
        timestamp: 1_700_000_000 + i * 600,
        contentHtml: `<p>number ${i} <a href="/m">see</a></p>`,
      }),
    );
    await renderList({ kind: 'topic', channelId: 1, topic: 'greetings' }, many);
    const newest = (await screen.findByText('number 299', { exact: false })).closest('article')!;
    within(newest).getByRole('link', { name: 'see' }).focus();
    screen.getByRole('log').parentElement!.scrollTo({ top: 0 });
    expect(await screen.findByText('number 0', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('number 250', { exact: false })).toBeNull();
    expect(screen.getByText('number 299', { exact: false })).toBeInTheDocument();
    expect(document.activeElement).toHaveAccessibleName('see');
  });
});

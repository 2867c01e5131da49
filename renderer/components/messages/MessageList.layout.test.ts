/**
 * A new message must not make the page lay itself out in the middle of the update (issue 28
 * item 2): the list read the scroll height (to tell whether the end is in view) in the same
 * effect that changed the rows, which forces the browser to lay out then and again for the frame.
 * The same for virtua's scroll to the end, which lays out to scroll. Both now run on the next frame.
 * jsdom has no layout: the reads of scrollHeight and the calls of scrollTo are counted.
 */
import { render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, expect, it, vi } from 'vitest';
import { MessagesState } from '../../state/messages.svelte';
import { message, SELF_ID, sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import MessageList from './MessageList.svelte';

afterEach(() => vi.restoreAllMocks());

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

it('follows the end and reads the scroll height on the next frame after a new message, not while the rows change', async () => {
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
  const narrow = { kind: 'channel', channelId: 1 } as const;
  const bridge = new MemoryBridge()
    .handle('view:open', () => null)
    .handle('messages:page', (args) => ({
      narrow: args.narrow,
      messages: [message({ id: 100 }), message({ id: 101 })],
      foundOldest: true,
      foundNewest: true,
      fromCache: true,
    }));
  const state = new MessagesState(bridge.client(), 'acc-1', SELF_ID);
  await state.open(narrow);
  let seenBottom = 0;
  render(MessageList, {
    messages: state,
    sidebar: sidebar(),
    label: '#general',
    baseUrl: 'https://chat.example.com',
    onOpen: () => {},
    onSeenBottom: () => seenBottom++,
  });
  await screen.findAllByRole('article');
  await nextFrame();

  const reads = vi.spyOn(Element.prototype, 'scrollHeight', 'get');
  const scrolls = vi.spyOn(Element.prototype, 'scrollTo');
  const seenBefore = seenBottom;
  state.applyAdded([message({ id: 102, contentHtml: '<p>just in</p>' })]);
  flushSync();
  await Promise.resolve();
  expect(screen.getByText('just in')).toBeInTheDocument();
  expect(reads).not.toHaveBeenCalled();
  expect(scrolls).not.toHaveBeenCalled();

  await nextFrame();
  expect(reads).toHaveBeenCalled();
  // virtua scrolls to the end on that frame (asynchronously: it awaits its own readiness).
  await vi.waitFor(() => expect(scrolls).toHaveBeenCalled());
  // The end is still noticed (and read), a frame later.
  expect(seenBottom).toBeGreaterThan(seenBefore);
});

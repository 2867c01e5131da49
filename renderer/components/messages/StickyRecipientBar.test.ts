/**
 * The floating bar draws the conversation of the row the message list names (pinnedRow.ts) and
 * reads no element's box: it used to find that row by measuring every mounted row once a frame,
 * which made the browser lay the page out again for each incoming message (issue 28).
 */
import { render } from '@testing-library/svelte';
import { afterEach, expect, it, vi } from 'vitest';
import { message, SELF_ID } from '../../testing/fixtures';
import StickyRecipientBar from './StickyRecipientBar.svelte';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

it('draws the named row’s conversation, reading no boxes, even as the list scrolls', async () => {
  // The list it floats over: the scroll container right after its anchor, with a row in it.
  const scroller = document.createElement('div');
  scroller.innerHTML = '<div role="log"><div data-row-key="id:7"><article>hello</article></div></div>';
  document.body.append(scroller);
  const boxes = vi.spyOn(Element.prototype, 'getBoundingClientRect');
  const messages = [message({ id: 7, channelId: 1, topic: 'greetings' })];
  const props = { messages, names: null, selfUserId: SELF_ID, onOpen: () => {} };
  const bar = render(StickyRecipientBar, {
    target: document.body,
    anchor: scroller,
    props: { ...props, topKey: null },
  });
  expect(document.querySelector('[data-sticky-recipient-bar]')).toBeNull();

  await bar.rerender({ topKey: 'id:7' });
  scroller.dispatchEvent(new Event('scroll'));
  await nextFrame();
  expect(document.querySelector('[data-sticky-recipient-bar]')).toHaveTextContent('greetings');
  expect(boxes).not.toHaveBeenCalled();
  bar.unmount();
});

/**
 * The floating bar finds the row under the list's top edge by reading every row's box. It does so
 * once a frame, not on each scroll event or resize report as they come: read between them (after
 * virtua has moved rows), each read made the browser lay the page out again (issue 28).
 */
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, expect, it, vi } from 'vitest';
import StickyRecipientBar from './StickyRecipientBar.svelte';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

it('reads the rows once on the next frame, however many scroll events came before it', async () => {
  // The list it floats over: the scroll container right after its anchor, with a row in it.
  const scroller = document.createElement('div');
  scroller.innerHTML = '<div role="log"><div data-row-key="id:1"><article>hello</article></div></div>';
  document.body.append(scroller);
  const boxes = vi.spyOn(Element.prototype, 'getBoundingClientRect');
  const bar = mount(StickyRecipientBar, {
    target: document.body,
    anchor: scroller,
    props: { messages: [], names: null, selfUserId: 1, onOpen: () => {} },
  });
  flushSync();
  for (let i = 0; i < 3; i++) scroller.dispatchEvent(new Event('scroll'));
  expect(boxes).not.toHaveBeenCalled();

  await nextFrame();
  // One pass: the container's box and its row's.
  expect(boxes.mock.contexts).toEqual([scroller, scroller.querySelector('[data-row-key]')]);
  unmount(bar);
});

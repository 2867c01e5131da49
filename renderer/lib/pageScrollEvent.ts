/**
 * The event PgUp / PgDn (views/scrollShortcuts.ts) send to the message list's scroll container,
 * asking it to scroll by `detail` pixels itself (components/messages/MessageList.svelte): the list
 * is virtualized, and a scroll of the element behind virtua's back can be undone by it.
 */
export const PAGE_SCROLL_EVENT = 'parleypage';

/**
 * Listens on `el` for those requests; `scroll` does the scroll and answers whether it did (then
 * the sender leaves the element alone). Returns what stops listening.
 */
export function onPageScrollRequest(el: HTMLElement, scroll: (delta: number) => boolean): () => void {
  const listener = (event: Event) => {
    const delta = (event as CustomEvent<unknown>).detail;
    if (typeof delta === 'number' && scroll(delta)) event.preventDefault();
  };
  el.addEventListener(PAGE_SCROLL_EVENT, listener);
  return () => el.removeEventListener(PAGE_SCROLL_EVENT, listener);
}

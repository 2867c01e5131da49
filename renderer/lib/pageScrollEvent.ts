/**
 * The event PgUp / PgDn (views/scrollShortcuts.ts) send to the message list's scroll container,
 * asking it to scroll by `detail` pixels itself (components/messages/MessageList.svelte): the list
 * is virtualized, and a scroll of the element behind virtua's back can be undone by it.
 */
export const PAGE_SCROLL_EVENT = 'parleypage';

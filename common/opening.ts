/**
 * The window a conversation asks for when it is opened: a page of context above its first unread
 * message and a page from there on (without unread messages the anchor resolves to the newest, and
 * the page above is all the reader sees). The renderer asks for it (renderer/state/messages.svelte.ts),
 * and on a warm start the core reads the one it expects the app to reopen before it is asked
 * (main/first-screen.ts): both take it from here so they ask for the same thing.
 */
export const PAGE_SIZE = 100;

export const OPENING_WINDOW = { anchor: 'first_unread', before: PAGE_SIZE, after: PAGE_SIZE } as const;

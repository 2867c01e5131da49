/**
 * Zulip's scrolling keys on the open conversation: Home / End (and Shift+G) select the first or
 * last message, End also marking the view read as Zulip does; PgUp / PgDn (Shift+K / Shift+J,
 * Space) scroll a screen and select the first message wholly in sight. Also where the selected
 * message is when none holds the focus: the first unread one the view opened at, else the last.
 */
import { PAGE_SCROLL_EVENT } from '../lib/pageScrollEvent';
import { isConfirmed } from '../state/messageList';
import type { MessagesState } from '../state/messages.svelte';
import type { MessageActions } from '../state/messageActions';

const ROWS = '[role="log"] article[data-message-id]';

const rowsShown = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>(ROWS)];

/** The row the keyboard selected: the one holding the focus. */
export function selectedRow(): HTMLElement | null {
  return (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('article[data-message-id]') ?? null;
}

/**
 * The selected message's row: the focused one, else (a view just opened) the first unread
 * message the view opened at, else the last message shown, as Zulip selects on opening.
 */
export function currentRow(messages: Pick<MessagesState, 'startAt'>): HTMLElement | null {
  const focused = selectedRow();
  if (focused) return focused;
  const rows = rowsShown();
  const start = messages.startAt?.messageId;
  return rows.find((r) => Number(r.dataset['messageId']) === start) ?? rows[rows.length - 1] ?? null;
}

/** Moves the selection to a row and keeps it in view. */
export function selectRow(row: HTMLElement | null): boolean {
  row?.focus({ preventScroll: true });
  row?.scrollIntoView({ block: 'nearest' });
  return row !== null;
}

const scrollerOf = (): HTMLElement | null =>
  document.querySelector('[role="log"]')?.closest<HTMLElement>('.scroller') ?? null;

/**
 * Home / End: selects the first or last message loaded. The list draws only the rows near the
 * screen, so it is scrolled to that end first and the row selected once it is drawn.
 */
export async function selectEnd(messages: Pick<MessagesState, 'messages'>, which: 'first' | 'last'): Promise<void> {
  const list = messages.messages;
  const target = which === 'first' ? list[0] : list[list.length - 1];
  if (!target) return;
  for (let frame = 0; frame < SELECT_WAIT_FRAMES; frame++) {
    const row = document.querySelector<HTMLElement>(`${ROWS}[data-message-id="${target.id}"]`);
    // A row just drawn may still be hidden while it is measured, and takes no focus yet.
    if (row && selectRow(row) && document.activeElement === row) return;
    // Asked for each frame: a reloaded list (End loads the newest page) has a new scroll container.
    const scroller = scrollerOf();
    scroller?.scrollTo({ top: which === 'first' ? 0 : scroller.scrollHeight, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/**
 * End: the newest messages (loaded if the window stopped short of them), the last one selected,
 * and every unread message of the view marked read. A topic is marked whole; other views mark the
 * messages loaded, which after showNewest are the newest page.
 */
export async function goToLast(
  messages: MessagesState,
  actions: Pick<MessageActions, 'markRead'>,
  notice: (text: string) => void,
): Promise<void> {
  if (!messages.foundNewest) await messages.showNewest();
  const narrow = messages.narrow;
  await selectEnd(messages, 'last');
  if (!narrow) return;
  const unread = messages.messages.filter((m) => isConfirmed(m) && !m.read).map((m) => m.id);
  if (unread.length === 0) return;
  const scope =
    narrow.kind === 'topic'
      ? ({ kind: 'topic', channelId: narrow.channelId, topic: narrow.topic } as const)
      : ({ kind: 'messages', ids: unread } as const);
  await actions.markRead(scope).catch((e: unknown) => notice(String(e)));
}

/** PgUp / PgDn: scrolls the message list by most of a screen and selects the first message wholly in sight. */
export function scrollPage(direction: 1 | -1): boolean {
  const scroller = scrollerOf();
  if (!scroller) return false;
  const delta = direction * scroller.clientHeight * 0.9;
  // The message list scrolls itself (see MessageList's onPageScroll); any other scroller by hand.
  const page = new CustomEvent(PAGE_SCROLL_EVENT, { detail: delta, cancelable: true });
  if (scroller.dispatchEvent(page)) scroller.scrollBy({ top: delta, behavior: 'instant' });
  void selectFirstInSight(scroller);
  return true;
}

/** Selects the first message wholly in sight once the list has drawn (and measured) the rows now in sight. */
async function selectFirstInSight(scroller: HTMLElement): Promise<void> {
  for (let frame = 0; frame < SELECT_WAIT_FRAMES; frame++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const top = scroller.getBoundingClientRect().top;
    const row = rowsShown().find((r) => r.getBoundingClientRect().top >= top);
    if (row) row.focus({ preventScroll: true });
    if (row && document.activeElement === row) return;
  }
}

/** How long a view opened by key may take to show its messages before nothing gets selected. */
const SELECT_WAIT_FRAMES = 300;

/**
 * After a view was opened by key: selects `messageId` (z) or else the message the view opened at,
 * once its rows are drawn. Gives up if the user moves the focus meanwhile or the view never loads.
 */
export async function selectWhenShown(
  messages: Pick<MessagesState, 'loading' | 'messages' | 'startAt'>,
  messageId?: number,
): Promise<void> {
  const focusAtStart = document.activeElement;
  for (let frame = 0; frame < SELECT_WAIT_FRAMES; frame++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (document.activeElement !== focusAtStart && document.activeElement !== document.body) return;
    if (messages.loading || rowsShown().length === 0) continue;
    const wanted =
      messageId === undefined ? null : rowsShown().find((r) => Number(r.dataset['messageId']) === messageId);
    if (messageId !== undefined && !wanted && messages.messages.some((m) => m.id === messageId)) continue;
    const row = wanted ?? currentRow(messages);
    // A row just drawn may still be hidden while it is measured, and takes no focus yet.
    if (row && selectRow(row) && document.activeElement === row) return;
  }
}

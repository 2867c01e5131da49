/**
 * The rows of the message list, grouped as Zulip's web app groups them (message_list_view):
 * consecutive messages to one recipient (a channel's topic, or one DM conversation) share a
 * recipient bar; within a group a date line marks a change of day; a sender's name and avatar
 * are shown once for their consecutive messages in a group on the same day.
 */
import type { MessageView } from '../../../common/model';
import { localDay } from '../../lib/format';
import { sameTopic } from '../../lib/narrow';

export interface Row {
  /** Stable across a local echo being confirmed (same localId), so the row is not remounted. */
  key: string;
  message: MessageView;
  /** The first message of its recipient group: a recipient bar stands above it. */
  recipientBar: boolean;
  /** The bar's date is the previous message's day too, so the bar leaves it out (Zulip's date_unchanged). */
  dateUnchanged: boolean;
  /** Inside a group, the first message of a new local day: a date line stands above it. */
  dateDivider: boolean;
  /** Same sender as the message above in its group: no avatar or name again. */
  continued: boolean;
}

/** Whether two messages go to the same conversation (Zulip's util.same_recipient). */
export function sameRecipient(a: MessageView, b: MessageView): boolean {
  if (a.channelId !== null || b.channelId !== null) {
    return a.channelId === b.channelId && sameTopic(a.topic, b.topic);
  }
  const x = a.dmUserIds ?? [];
  const y = b.dmUserIds ?? [];
  return x.length === y.length && x.every((id, i) => id === y[i]);
}

/** A row's key: stable across a local echo being confirmed (the same localId). */
export function rowKey(message: MessageView): string {
  return message.localId !== undefined ? `local:${message.localId}` : `id:${message.id}`;
}

/**
 * The rows of `messages`. A row depends only on its message and the one before it, so where both
 * are the same objects as in `previous`, its row is returned as it was (same object: the list
 * leaves its component alone) without working anything out again: a new message builds one row,
 * not every row of the window (issue 28 item 2; the window holds up to a thousand messages, and a
 * day per message was two Dates each). Other rows are built afresh, and kept when equal.
 */
export function buildRows(messages: readonly MessageView[], previous: readonly Row[] = []): readonly Row[] {
  const before = new Map<MessageView, { row: Row; above: MessageView | null }>();
  previous.forEach((row, i) => before.set(row.message, { row, above: previous[i - 1]?.message ?? null }));
  let last: MessageView | null = null;
  const rows = messages.map((message) => {
    const above = last;
    last = message;
    const kept = before.get(message);
    if (kept && kept.above === above) return kept.row;
    const row = rowOf(message, above);
    return kept && sameRow(kept.row, row) ? kept.row : row;
  });
  // Nothing changed (the feed filtered again for a sidebar change, say): the same list, so what
  // depends on it (virtua's items, the list's after-change effects) is not run again.
  return rows.length === previous.length && rows.every((row, i) => row === previous[i]) ? previous : rows;
}

function rowOf(message: MessageView, last: MessageView | null): Row {
  const sameDay = last !== null && localDay(last.timestamp) === localDay(message.timestamp);
  const recipientBar = last === null || !sameRecipient(last, message);
  // A /me message reads as an action, so the next message names its sender again (as Zulip).
  const continued = !recipientBar && sameDay && last !== null && last.senderId === message.senderId && !last.isMe;
  return {
    key: rowKey(message),
    message,
    recipientBar,
    dateUnchanged: recipientBar && sameDay,
    dateDivider: !recipientBar && !sameDay,
    continued,
  };
}

function sameRow(a: Row, b: Row): boolean {
  return (
    a.key === b.key &&
    a.recipientBar === b.recipientBar &&
    a.dateUnchanged === b.dateUnchanged &&
    a.dateDivider === b.dateDivider &&
    a.continued === b.continued
  );
}

/**
 * Whether `next` differs from `previous` only at its start (older messages loaded above, or the
 * oldest ones dropped): then the virtualizer must keep the distance from the end, not the start.
 * A change at both ends (a prepend that also trimmed the newest end) is not one.
 */
export function isPrepend(previous: readonly Row[], next: readonly Row[]): boolean {
  const before = previous[0];
  const after = next[0];
  if (!before || !after || before.key === after.key) return false;
  return previous.at(-1)?.key === next.at(-1)?.key;
}

// virtua gives each row `contain: layout`, which clips what overflows it out of the scroll area
// and makes it a stacking context: an open actions menu would be covered by the next rows and
// unreachable under the last one. The focused row (the menu takes focus) opts out.
export const FOCUSED_ROW_STYLE = { contain: 'style', 'z-index': '1' };

/** The index of the row with this key, as the list of indexes virtua keeps mounted (none for null). */
export function indexesOf(rows: readonly Row[], key: string | null): number[] {
  const index = key === null ? -1 : rows.findIndex((row) => row.key === key);
  return index >= 0 ? [index] : [];
}

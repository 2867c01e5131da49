/**
 * The rows of the message list: each message with whether it starts a new day (a date line
 * above it), whether it opens a topic (in a channel narrow) and whether it continues its
 * sender's run (no avatar or name again).
 */
import type { MessageView } from '../../../common/model';
import { localDay } from '../../lib/format';

/** A sender's messages within this many seconds share one header. */
export const RUN_SECONDS = 5 * 60;

export interface Row {
  /** Stable across a local echo being confirmed (same localId), so the row is not remounted. */
  key: string;
  message: MessageView;
  /** The first message of a local calendar day (the first of the list included). */
  dayHeader: boolean;
  topicHeader: boolean;
  continued: boolean;
}

export function buildRows(messages: readonly MessageView[], showTopics: boolean): Row[] {
  let previous: MessageView | null = null;
  return messages.map((message) => {
    const dayHeader = previous === null || localDay(previous.timestamp) !== localDay(message.timestamp);
    // A new day also repeats the topic and the sender, as after any break in the conversation.
    const topicHeader = showTopics && (dayHeader || previous?.topic !== message.topic);
    const continued =
      !topicHeader &&
      !dayHeader &&
      previous !== null &&
      previous.senderId === message.senderId &&
      message.timestamp - previous.timestamp < RUN_SECONDS;
    previous = message;
    const key = message.localId !== undefined ? `local:${message.localId}` : `id:${message.id}`;
    return { key, message, dayHeader, topicHeader, continued };
  });
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

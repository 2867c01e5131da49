/**
 * One batch of events can bring hundreds of messages that ring: a laptop waking up to a queue that
 * kept a busy morning, or someone pasting line after line into a DM. Shown one by one they bury
 * the desktop in notifications the user dismisses unread. As Zulip's web app keeps one notification
 * per conversation and counts what came since, a batch here shows at most one per conversation
 * (its newest message, with how many came before it), and past a few conversations one more that
 * names the rest and opens the Combined feed.
 */
import type { Narrow } from '../../common/model';
import { topicKey } from '../store/topic-key';
import type { PendingNotification } from './dispatch';

/** Conversations shown one by one in a batch; the rest share one notification. */
export const MAX_CONVERSATIONS_PER_BATCH = 3;

/** Names of the other conversations listed in the shared notification before "and N more". */
const NAMED_IN_SUMMARY = 3;

/** One key per conversation: a topic whatever the case of its spelling, a DM by its people. */
function conversationKey(narrow: Narrow): string {
  switch (narrow.kind) {
    case 'topic':
      return `topic:${narrow.channelId}:${topicKey(narrow.topic)}`;
    case 'dm':
      return `dm:${[...narrow.userIds].sort((a, b) => a - b).join(',')}`;
    case 'channel':
      return `channel:${narrow.channelId}`;
    case 'all':
      return 'all';
  }
}

function earlierLine(count: number): string {
  return count === 1 ? '(and 1 earlier message)' : `(and ${count} earlier messages)`;
}

/**
 * How the shared notification names a conversation, from a notification's title ("Alice (#design >
 * logo)", "Alice (to you and Bob)"): a topic by its place, a DM by who wrote.
 */
function nameOf(n: PendingNotification): string {
  const open = n.title.lastIndexOf(' (');
  if (open <= 0 || !n.title.endsWith(')')) return n.title;
  return n.narrow.kind === 'dm' ? n.title.slice(0, open) : n.title.slice(open + 2, -1);
}

/**
 * The notifications to show for `pending` (one batch's, in message order): the newest of each
 * conversation, newest conversation first, the others counted; past MAX_CONVERSATIONS_PER_BATCH
 * conversations, one notification for the rest.
 */
export function coalesceNotifications(pending: readonly PendingNotification[]): PendingNotification[] {
  const byConversation = new Map<string, { newest: PendingNotification; count: number }>();
  for (const n of pending) {
    const key = conversationKey(n.narrow);
    const seen = byConversation.get(key);
    // Re-inserted, so the map's order is by each conversation's newest message.
    byConversation.delete(key);
    byConversation.set(key, { newest: n, count: (seen?.count ?? 0) + 1 });
  }
  const groups = [...byConversation.values()].reverse();
  const shown = groups
    .slice(0, MAX_CONVERSATIONS_PER_BATCH)
    .map(({ newest, count }) =>
      count === 1 ? newest : { ...newest, body: `${newest.body}\n${earlierLine(count - 1)}` },
    );
  const rest = groups.slice(MAX_CONVERSATIONS_PER_BATCH);
  if (rest.length === 0) return shown;
  const messages = rest.reduce((sum, g) => sum + g.count, 0);
  const named = rest.slice(0, NAMED_IN_SUMMARY).map((g) => nameOf(g.newest));
  const more = rest.length - named.length;
  return [
    ...shown,
    {
      title: `${messages} more new ${messages === 1 ? 'message' : 'messages'} in ${rest.length} ${rest.length === 1 ? 'conversation' : 'conversations'}`,
      body: more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', '),
      narrow: { kind: 'all' },
      messageId: rest[0]!.newest.messageId,
      reason: rest[0]!.newest.reason,
    },
  ];
}

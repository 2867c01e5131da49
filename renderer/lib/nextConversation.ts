/**
 * Where Zulip's navigation keys go: Shift+N the next followed topic with unread messages, `p`
 * the next direct message conversation with unread messages, Shift+A / Shift+D the channel
 * before or after the current one in the sidebar's order (wrapping around, as Zulip does).
 * `n` (next unread topic) is in ./conversations.ts.
 */
import type { ChannelSummary, Narrow, Sidebar, TopicVisibility } from '../../common/model';
import { sameNarrow } from './narrow';

/** The first followed topic with unread messages, in sidebar order, other than `current`. */
export function nextUnreadFollowedTopic(
  sidebar: Sidebar | null,
  current: Narrow | null,
  visibilityOf: (channelId: number, topic: string) => TopicVisibility,
): Narrow | null {
  for (const channel of sidebar?.channels ?? []) {
    for (const topic of channel.topics) {
      if (topic.unreadCount === 0 || visibilityOf(channel.id, topic.name) !== 'followed') continue;
      const narrow: Narrow = { kind: 'topic', channelId: channel.id, topic: topic.name };
      if (!current || !sameNarrow(narrow, current)) return narrow;
    }
  }
  return null;
}

/** The most recent direct message conversation with unread messages, other than `current`. */
export function nextUnreadDm(sidebar: Sidebar | null, current: Narrow | null): Narrow | null {
  const unread = [...(sidebar?.dms ?? [])]
    .filter((dm) => dm.unreadCount > 0)
    .sort((a, b) => b.maxMessageId - a.maxMessageId);
  for (const dm of unread) {
    const narrow: Narrow = { kind: 'dm', userIds: dm.userIds };
    if (!current || !sameNarrow(narrow, current)) return narrow;
  }
  return null;
}

/**
 * The channel `step` places from the one `current` is in (its feed or one of its topics), in the
 * order given (the sidebar's), wrapping around; null outside a channel, as Zulip does nothing there.
 */
export function neighbourChannel(
  channels: readonly ChannelSummary[],
  current: Narrow | null,
  step: 1 | -1,
): Narrow | null {
  if (!current || current.kind === 'dm' || current.kind === 'all' || channels.length === 0) return null;
  const at = channels.findIndex((c) => c.id === current.channelId);
  if (at === -1) return null;
  const next = channels[(at + step + channels.length) % channels.length]!;
  return { kind: 'channel', channelId: next.id };
}

/**
 * Zulip's visibility rules for a feed: a channel's feed leaves out the topics the user muted
 * (they are still there when the topic itself is opened); the Combined feed leaves out muted
 * topics and muted channels, except the topics unmuted or followed in them.
 * Unread counts follow the same rules.
 */
import type { ChannelSummary, MessageView, Narrow, TopicVisibility } from '../../common/model';

export function hiddenInFeed(
  narrow: Narrow | null,
  message: MessageView,
  visibilityOf: (channelId: number, topic: string) => TopicVisibility,
  channelMuted: (channelId: number) => boolean = () => false,
): boolean {
  if (message.channelId === null) return false;
  const visibility = visibilityOf(message.channelId, message.topic);
  if (narrow?.kind === 'channel') return visibility === 'muted';
  // The Combined feed: muted topics, and muted channels except the topics unmuted or followed there.
  if (narrow?.kind === 'all') return topicQuiet({ isMuted: channelMuted(message.channelId) }, visibility);
  return false;
}

/**
 * A channel's unread count as Zulip shows it: muted topics do not count, and in a muted channel
 * only the topics the user unmuted or follows do. When nothing counts, the whole number is still
 * shown, quietly (greyed), so unread messages never look like none.
 */
export function channelUnread(
  channel: ChannelSummary,
  visibilityOf: (topic: string) => TopicVisibility,
): { count: number; quiet: boolean } {
  let loud = 0;
  let all = 0;
  for (const t of channel.topics) {
    all += t.unreadCount;
    const v = visibilityOf(t.name);
    if (channel.isMuted ? v === 'unmuted' || v === 'followed' : v !== 'muted') loud += t.unreadCount;
  }
  return loud > 0 ? { count: loud, quiet: false } : { count: all, quiet: true };
}

/** Whether a topic's unread count shows greyed: muted itself, or in a muted channel and not unmuted. */
export function topicQuiet(channel: Pick<ChannelSummary, 'isMuted'>, visibility: TopicVisibility): boolean {
  return visibility === 'muted' || (channel.isMuted && visibility !== 'unmuted' && visibility !== 'followed');
}

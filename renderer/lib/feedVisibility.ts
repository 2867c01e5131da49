/**
 * Zulip's visibility rules for a feed: a channel's feed leaves out the topics the user muted
 * (they are still there when the topic itself is opened). Unmuted and followed topics show.
 */
import type { MessageView, Narrow, TopicVisibility } from '../../common/model';

export function hiddenInFeed(
  narrow: Narrow | null,
  message: MessageView,
  visibilityOf: (channelId: number, topic: string) => TopicVisibility,
): boolean {
  if (narrow?.kind !== 'channel' || message.channelId === null) return false;
  return visibilityOf(message.channelId, message.topic) === 'muted';
}

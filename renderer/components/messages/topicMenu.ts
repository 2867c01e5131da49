/** The actions a recipient bar offers on its topic: visibility (mute, follow) and, when something is unread, mark as read. */
import type { Sidebar } from '../../../common/model';
import { errorText } from '../../lib/errors';
import { sameTopic } from '../../lib/narrow';
import type { MessageActions } from '../../state/messageActions';
import type { TopicVisibilityState } from '../../state/topicVisibility.svelte';
import type { MenuItem } from '../actions/menu';

export function recipientTopicMenu(
  parts: { topics: TopicVisibilityState; actions: MessageActions },
  sidebar: Sidebar | null,
  channelId: number,
  topic: string,
): MenuItem[] {
  const channel = sidebar?.channels.find((c) => c.id === channelId);
  const items = parts.topics.menu(channelId, topic, channel?.isMuted ?? false);
  const unread = channel?.topics.find((t) => sameTopic(t.name, topic))?.unreadCount ?? 0;
  if (unread > 0) {
    items.push({
      label: 'Mark topic as read',
      // A failure shows where the topic actions' failures show (the sidebar's alert line).
      run: () =>
        void parts.actions.markRead({ kind: 'topic', channelId, topic }).catch((error: unknown) => {
          parts.topics.error = `Could not mark the topic as read. ${errorText(error)}`;
        }),
    });
  }
  return items;
}

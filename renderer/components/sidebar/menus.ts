/** The menus the sidebar offers on channel and topic rows (given by Home, which knows the actions). */
import type { ChannelSummary, TopicVisibility } from '../../../common/model';
import type { MenuItem } from '../actions/menu';

export interface SidebarMenus {
  channel(channel: ChannelSummary): MenuItem[];
  topic(channel: ChannelSummary, topic: string): MenuItem[];
  /** A DM conversation's row (Inbox, Recent): by its other participants, with its unread count. */
  dm?(userIds: number[], unread: number): MenuItem[];
  /** A topic's move from one of its messages (a recipient bar's menu): Zulip's three scopes. */
  moveFromMessage?(channel: ChannelSummary, topic: string, messageId: number): MenuItem[];
  /** A topic's visibility, shown beside it when not the default. */
  topicMark(channelId: number, topic: string): Exclude<TopicVisibility, 'none'> | null;
}

/**
 * The menus Home gives the sidebar's channel and topic rows (components/sidebar/menus.ts): what
 * each item does is Home's to say, since it knows the screens and the actions.
 */
import type { MarkReadScope } from '../../common/model';
import type { SidebarMenus } from '../components/sidebar/menus';
import type { HomeParts } from '../state/homeParts';
import type { Screen } from '../state/screen';

export interface SidebarMenuDeps {
  parts: Pick<HomeParts, 'topics'>;
  go(screen: Screen): void;
  markRead(scope: MarkReadScope): void;
}

export function sidebarMenus(d: SidebarMenuDeps): SidebarMenus {
  const { topics } = d.parts;
  return {
    channel: (channel) => [
      { label: 'Channel settings', run: () => d.go({ kind: 'channelSettings', channelId: channel.id }) },
      { label: 'Mark channel as read', run: () => d.markRead({ kind: 'channel', channelId: channel.id }) },
    ],
    topic: (channel, topic) => topics.menu(channel.id, topic, channel.isMuted),
    topicMark: (channelId, topic) => {
      const v = topics.of(channelId, topic);
      return v === 'none' ? null : v;
    },
  };
}

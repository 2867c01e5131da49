/**
 * The Inbox's group headers as Zulip draws them (web/src/inbox_ui.ts): one per channel with its
 * colour and the unread count of the whole channel, and one for direct messages; each can be
 * collapsed to its header.
 */
import type { ChannelSummary } from '../../../common/model';
import type { Conversation } from '../../lib/conversations';
import type { ConversationGroup, GroupHead } from './chunks';

/** The key a group's collapsed state is kept under: the channel's ID survives a rename. */
export function groupKeyOf(first: Conversation | undefined): string {
  return first?.narrow.kind === 'topic' ? `channel:${first.narrow.channelId}` : 'dms';
}

export function withHeads(
  groups: readonly ConversationGroup[],
  channels: ReadonlyMap<number, ChannelSummary>,
  isCollapsed: (key: string) => boolean,
): (ConversationGroup & { head: GroupHead })[] {
  return groups.map((g) => {
    const first = g.items[0];
    const key = groupKeyOf(first);
    const channelId = first?.narrow.kind === 'topic' ? first.narrow.channelId : null;
    const color = channelId === null ? null : (channels.get(channelId)?.color ?? null);
    const unread = g.items.reduce((sum, c) => sum + c.unread, 0);
    return { ...g, head: { key, color, unread, collapsed: isCollapsed(key) } };
  });
}

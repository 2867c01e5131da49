/** The unread counts view model (common/model-messages.ts UnreadCounts), built from the unreads table. */
import type { ChannelUnreadCount, UnreadCounts } from '../../common/model';
import type { AccountStore } from '../store/account-store';
import { othersInDm } from '../store/narrows';

export function buildUnreadCounts(store: AccountStore, accountId: string, selfId: number): UnreadCounts {
  const channels = new Map<number, ChannelUnreadCount>();
  for (const t of store.unreads.countsByTopic()) {
    const c = channels.get(t.channelId) ?? { channelId: t.channelId, count: 0, topics: [] };
    c.count += t.count;
    c.topics.push({ topic: t.topic, count: t.count });
    channels.set(t.channelId, c);
  }
  const dms = store.unreads
    .countsByDm()
    .map((d) => ({ userIds: othersInDm(d.dmKey, selfId), count: d.count }))
    .sort((a, b) => a.userIds.join(',').localeCompare(b.userIds.join(',')));
  return {
    accountId,
    total: store.unreads.total(),
    mentions: store.unreads.mentionCount(),
    channels: [...channels.values()]
      .map((c) => ({ ...c, topics: c.topics.sort((a, b) => a.topic.localeCompare(b.topic)) }))
      .sort((a, b) => a.channelId - b.channelId),
    dms,
    starred: store.starred.count(),
  };
}

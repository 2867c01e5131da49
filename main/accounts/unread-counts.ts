/** The unread counts view model (common/model-messages.ts UnreadCounts), built from the unreads table. */
import type { ChannelUnreadCount, DmUnreadCount, UnreadCounts, UnreadSummary } from '../../common/model';
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
  const dms = dmCounts(store, selfId);
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

/**
 * DM counts ordered by their participants' IDs as text. Built on every incoming message, so the
 * sort key is made once per conversation and compared by code unit (for digits and commas the
 * same order as localeCompare, at a fraction of the cost).
 */
function dmCounts(store: AccountStore, selfId: number): DmUnreadCount[] {
  return store.unreads
    .countsByDm()
    .map((d) => {
      const userIds = othersInDm(d.dmKey, selfId);
      return { key: userIds.join(','), count: { userIds, count: d.count } };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((d) => d.count);
}

/**
 * unreads:changed's payload: totals and DM counts, without the per-topic counts of every
 * channel (the sidebar's deltas carry those), so it stays small however many messages are unread.
 */
export function buildUnreadSummary(store: AccountStore, accountId: string, selfId: number): UnreadSummary {
  return {
    accountId,
    total: store.unreads.total(),
    mentions: store.unreads.mentionCount(),
    dms: dmCounts(store, selfId),
    starred: store.starred.count(),
  };
}

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
  const { total, mentions } = store.unreads.totals();
  return {
    accountId,
    total,
    mentions,
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
 * unreads:changed's payload for one account: totals and DM counts, without the per-topic counts of
 * every channel (the sidebar's deltas carry those), so it stays small however many messages are
 * unread. Built on every incoming message, so it reads one row of totals (migration 10) and keeps
 * the DM counts it built until their version moves: a channel message leaves them as they were.
 */
export class UnreadSummaries {
  #dms: { version: number; counts: DmUnreadCount[]; json: string } | null = null;
  #lastSent: string | null = null;

  constructor(
    private readonly store: AccountStore,
    private readonly accountId: string,
    private readonly selfId: number,
  ) {}

  /** The summary if it differs from the last one this answered (null: nothing to publish). */
  ifChanged(): UnreadSummary | null {
    const { total, mentions, dmVersion } = this.store.unreads.totals();
    const starred = this.store.starred.count();
    const dms = this.#dmCounts(dmVersion);
    const key = `${total} ${mentions} ${starred} ${dms.json}`;
    if (key === this.#lastSent) return null;
    this.#lastSent = key;
    return { accountId: this.accountId, total, mentions, dms: dms.counts, starred };
  }

  #dmCounts(version: number): { counts: DmUnreadCount[]; json: string } {
    const kept = this.#dms;
    if (kept && kept.version === version) return kept;
    const counts = dmCounts(this.store, this.selfId);
    const built = { version, counts, json: JSON.stringify(counts) };
    // Inside a transaction the version may yet be rolled back and reached again by other changes.
    this.#dms = this.store.db.inTransaction ? null : built;
    return built;
  }
}

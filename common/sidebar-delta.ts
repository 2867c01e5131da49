/**
 * The sidebar's deltas: after the first whole sidebar (sidebar:changed or sidebar:get), main sends
 * only the rows that changed (sidebar:delta), so one new message costs a few hundred bytes however
 * big the organization or the unread count. Every part of a delta is a whole row to put in place
 * or a key to remove, so applying the same delta twice, or a delta the sidebar already reflects,
 * changes nothing: a sidebar:get answered between two deltas stays right.
 */
import type { ChannelSummary, DmSummary, Sidebar, TopicSummary, UserSummary } from './model';

/** A channel's own fields, whole, with its topics as changes. */
export interface ChannelDelta extends Omit<ChannelSummary, 'topics'> {
  /** Topics new or changed (whole). */
  topics?: TopicSummary[];
  /** Topics no longer listed (read and out of the recent ones). */
  removedTopics?: string[];
}

export interface SidebarDelta {
  accountId: string;
  channels?: ChannelDelta[];
  removedChannels?: number[];
  dms?: DmSummary[];
  /** Keys of DM rows gone: the other participants' IDs joined by ",". */
  removedDms?: string[];
  users?: UserSummary[];
  removedUsers?: number[];
  emptyTopicDisplayName?: string;
}

export const dmRowKey = (dm: Pick<DmSummary, 'userIds'>): string => dm.userIds.join(',');

function byTopicRecency(a: TopicSummary, b: TopicSummary): number {
  return b.maxMessageId - a.maxMessageId;
}

/** The sidebar after a delta (a new object; the old one is left as it was). */
export function applySidebarDelta(sidebar: Sidebar, delta: SidebarDelta): Sidebar {
  let channels = sidebar.channels;
  if (delta.channels || delta.removedChannels) {
    const gone = new Set(delta.removedChannels ?? []);
    const byId = new Map(channels.filter((c) => !gone.has(c.id)).map((c) => [c.id, c]));
    for (const d of delta.channels ?? []) {
      const { topics: changed, removedTopics, ...head } = d;
      const before = byId.get(d.id);
      const topics = new Map((before?.topics ?? []).map((t) => [t.name, t]));
      for (const name of removedTopics ?? []) topics.delete(name);
      for (const t of changed ?? []) topics.set(t.name, t);
      byId.set(d.id, { ...head, topics: [...topics.values()].sort(byTopicRecency) });
    }
    channels = [...byId.values()];
  }
  let dms = sidebar.dms;
  if (delta.dms || delta.removedDms) {
    const gone = new Set(delta.removedDms ?? []);
    const byKey = new Map(dms.filter((d) => !gone.has(dmRowKey(d))).map((d) => [dmRowKey(d), d]));
    for (const d of delta.dms ?? []) byKey.set(dmRowKey(d), d);
    dms = [...byKey.values()].sort((a, b) => b.maxMessageId - a.maxMessageId);
  }
  let users = sidebar.users;
  if (delta.users || delta.removedUsers) {
    const gone = new Set(delta.removedUsers ?? []);
    const byId = new Map(users.filter((u) => !gone.has(u.id)).map((u) => [u.id, u]));
    for (const u of delta.users ?? []) byId.set(u.id, u);
    users = [...byId.values()];
  }
  return {
    ...sidebar,
    channels,
    dms,
    users,
    emptyTopicDisplayName: delta.emptyTopicDisplayName ?? sidebar.emptyTopicDisplayName,
  };
}

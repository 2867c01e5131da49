/**
 * What changed in the sidebar since the last one sent (common/sidebar-delta.ts): each row is kept
 * as its JSON, and a row whose JSON differs goes out whole; topics are compared one by one, so a
 * new message in a channel with thousands of unread topics sends one topic.
 */
import type { ChannelSummary, UserSummary } from '../../common/model';
import type { SidebarPart, SidebarRows } from './views';
import { dmRowKey, type ChannelDelta, type SidebarDelta } from '../../common/sidebar-delta';

interface ChannelSeen {
  head: string;
  topics: Map<string, string>;
}

function diffRows<K, T>(rows: readonly T[], key: (row: T) => K, seen: Map<K, string>): { changed: T[]; removed: K[] } {
  const changed: T[] = [];
  const present = new Set<K>();
  for (const row of rows) {
    const k = key(row);
    present.add(k);
    const json = JSON.stringify(row);
    if (seen.get(k) !== json) {
      seen.set(k, json);
      changed.push(row);
    }
  }
  const removed = [...seen.keys()].filter((k) => !present.has(k));
  for (const k of removed) seen.delete(k);
  return { changed, removed };
}

function sameUser(a: UserSummary, b: UserSummary): boolean {
  return (
    a.fullName === b.fullName &&
    a.email === b.email &&
    a.avatarUrl === b.avatarUrl &&
    a.role === b.role &&
    a.isBot === b.isBot &&
    a.isActive === b.isActive
  );
}

export class SidebarDiffer {
  #channels = new Map<number, ChannelSeen>();
  #dms = new Map<string, string>();
  /** The people as sent: compared field by field (their JSON kept 30,000 strings, ~5 MB, and took ~0.1 s to make). */
  #users = new Map<number, UserSummary>();
  #emptyTopic: string | null = null;

  /**
   * Takes `sidebar` as what the renderer has now; returns what changed since the last one, or null.
   * Without `users`, the people are left as they were sent (diffUsers compares them).
   */
  diff(sidebar: SidebarRows & { users?: readonly UserSummary[] }): SidebarDelta | null {
    const delta: SidebarDelta = { accountId: sidebar.accountId };
    const channels = this.#diffChannels(sidebar.channels);
    if (channels.changed.length > 0) delta.channels = channels.changed;
    if (channels.removed.length > 0) delta.removedChannels = channels.removed;
    const dms = diffRows(sidebar.dms, dmRowKey, this.#dms);
    if (dms.changed.length > 0) delta.dms = dms.changed;
    if (dms.removed.length > 0) delta.removedDms = dms.removed;
    if (sidebar.users) Object.assign(delta, this.#diffUsers(sidebar.users));
    if (sidebar.emptyTopicDisplayName !== this.#emptyTopic) {
      this.#emptyTopic = sidebar.emptyTopicDisplayName;
      delta.emptyTopicDisplayName = sidebar.emptyTopicDisplayName;
    }
    return Object.keys(delta).length > 1 ? delta : null;
  }

  /** The people alone: those new or changed since the last ones sent, and the IDs of those gone. */
  diffUsers(accountId: string, users: readonly UserSummary[]): SidebarDelta | null {
    const delta: SidebarDelta = { accountId, ...this.#diffUsers(users) };
    return Object.keys(delta).length > 1 ? delta : null;
  }

  /** Some people only (a user event's): those changed are sent; none is taken for gone. */
  diffSomeUsers(accountId: string, users: readonly UserSummary[]): SidebarDelta | null {
    const changed = users.filter((u) => this.#noteUser(u));
    return changed.length > 0 ? { accountId, users: changed } : null;
  }

  /** Whether `u` differs from what was sent of that person; it is what was sent from now on. */
  #noteUser(u: UserSummary): boolean {
    const seen = this.#users.get(u.id);
    if (seen && sameUser(seen, u)) return false;
    this.#users.set(u.id, u);
    return true;
  }

  #diffUsers(users: readonly UserSummary[]): Pick<SidebarDelta, 'users' | 'removedUsers'> {
    const present = new Set<number>();
    const changed: UserSummary[] = [];
    for (const u of users) {
      present.add(u.id);
      if (this.#noteUser(u)) changed.push(u);
    }
    const removed = [...this.#users.keys()].filter((id) => !present.has(id));
    for (const id of removed) this.#users.delete(id);
    return {
      ...(changed.length > 0 ? { users: changed } : {}),
      ...(removed.length > 0 ? { removedUsers: removed } : {}),
    };
  }

  /**
   * Like diff, for some rows only (views.ts buildSidebarPart): the channels given are compared, the
   * others left as they were sent; the DM list, when given, is the whole list.
   */
  diffPart(accountId: string, part: SidebarPart): SidebarDelta | null {
    const delta: SidebarDelta = { accountId };
    const channels = this.#diffChannels(part.channels, false);
    if (channels.changed.length > 0) delta.channels = channels.changed;
    if (part.dms) {
      const dms = diffRows(part.dms, dmRowKey, this.#dms);
      if (dms.changed.length > 0) delta.dms = dms.changed;
      if (dms.removed.length > 0) delta.removedDms = dms.removed;
    }
    return Object.keys(delta).length > 1 ? delta : null;
  }

  #diffChannels(channels: readonly ChannelSummary[], whole = true): { changed: ChannelDelta[]; removed: number[] } {
    const changed: ChannelDelta[] = [];
    const present = new Set<number>();
    for (const channel of channels) {
      present.add(channel.id);
      const { topics, ...head } = channel;
      const headJson = JSON.stringify(head);
      let seen = this.#channels.get(channel.id);
      const isNew = seen === undefined;
      if (!seen) {
        seen = { head: headJson, topics: new Map() };
        this.#channels.set(channel.id, seen);
      }
      const topicChanges = diffRows(topics, (t) => t.name, seen.topics);
      if (isNew || seen.head !== headJson || topicChanges.changed.length > 0 || topicChanges.removed.length > 0) {
        seen.head = headJson;
        const d: ChannelDelta = { ...head };
        if (topicChanges.changed.length > 0) d.topics = topicChanges.changed;
        if (topicChanges.removed.length > 0) d.removedTopics = topicChanges.removed;
        changed.push(d);
      }
    }
    // Only a whole list says which channels are gone.
    const removed = whole ? [...this.#channels.keys()].filter((id) => !present.has(id)) : [];
    for (const id of removed) this.#channels.delete(id);
    return { changed, removed };
  }
}

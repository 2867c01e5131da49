/**
 * The conversations of the sidebar model as Inbox and Recent conversations list them: every
 * topic and DM with its newest message and unread count. Muted channels and muted topics are
 * left out of the Inbox, as in Zulip; Recent shows everything, newest first.
 */
import type { Narrow, Sidebar, TopicVisibility } from '../../common/model';

export interface Conversation {
  key: string;
  narrow: Narrow;
  /** "#design" for a topic's channel, "Direct messages" for DMs. */
  group: string;
  /** The topic name, or the people of a DM. */
  title: string;
  latestId: number;
  unread: number;
  muted: boolean;
  /** A topic the user follows (user_topics visibility_policy "followed"). */
  followed: boolean;
}

/**
 * What a channel's or a DM's rows were built with, kept by its object: the sidebar's deltas
 * replace only the rows that changed (common/sidebar-delta.ts), so with a `stamp` the rows of
 * every other channel are the objects of the last build. At 30,000 people the Inbox lists ~5,000
 * conversations; building them all again for each new message cost more than the message, and
 * new objects made every row on screen update.
 */
interface Built {
  stamp: unknown;
  emptyName: string;
  unreadOnly: boolean;
  items: Conversation[];
}
const built = new WeakMap<object, Built>();

function keptOr(
  of: object,
  stamp: unknown,
  emptyName: string,
  unreadOnly: boolean,
  build: () => Conversation[],
): Conversation[] {
  if (stamp === undefined) return build();
  const kept = built.get(of);
  if (kept && kept.stamp === stamp && kept.emptyName === emptyName && kept.unreadOnly === unreadOnly) return kept.items;
  const items = build();
  built.set(of, { stamp, emptyName, unreadOnly, items });
  return items;
}

/**
 * `unreadOnly`: only conversations with unread messages (all the Inbox shows); at 30,000 people
 * the others are a thousand more objects built and sorted for nothing when the Inbox opens.
 * `visibilityStamp`: an object that is new whenever any answer of `visibilityOf` changes
 * (TopicVisibilityState.lookup); given, rows of unchanged channels and DMs are kept, not built.
 */
export function conversationsOf(
  sidebar: Sidebar | null,
  visibilityOf: (channelId: number, topic: string) => TopicVisibility = () => 'none',
  unreadOnly = false,
  visibilityStamp?: object,
): Conversation[] {
  if (!sidebar) return [];
  const emptyName = sidebar.emptyTopicDisplayName;
  const out: Conversation[] = [];
  for (const channel of sidebar.channels) {
    const rows = keptOr(channel, visibilityStamp, emptyName, unreadOnly, () => {
      const items: Conversation[] = [];
      for (const topic of channel.topics) {
        if (unreadOnly && topic.unreadCount === 0) continue;
        const visibility = visibilityOf(channel.id, topic.name);
        items.push({
          key: `t:${channel.id}:${topic.name}`,
          narrow: { kind: 'topic', channelId: channel.id, topic: topic.name },
          group: `#${channel.name}`,
          title: topic.name === '' ? emptyName : topic.name,
          latestId: topic.maxMessageId,
          unread: topic.unreadCount,
          muted: visibility === 'muted' || (channel.isMuted && visibility !== 'unmuted' && visibility !== 'followed'),
          followed: visibility === 'followed',
        });
      }
      return items;
    });
    for (const row of rows) out.push(row);
  }
  for (const dm of sidebar.dms) {
    if (unreadOnly && dm.unreadCount === 0) continue;
    // A DM's row depends on nothing but the DM: kept by its object whenever the caller keeps rows.
    const [row] = keptOr(dm, visibilityStamp === undefined ? undefined : true, '', false, () => [
      {
        key: `d:${dm.userIds.join(',')}`,
        narrow: { kind: 'dm', userIds: dm.userIds },
        group: 'Direct messages',
        title: dm.userIds.length === 0 ? 'You' : dm.names.join(', '),
        latestId: dm.maxMessageId,
        unread: dm.unreadCount,
        muted: false,
        followed: false,
      },
    ]);
    out.push(row!);
  }
  return out;
}

/** Recent conversations: all of them, the newest activity first. */
export function recent(conversations: readonly Conversation[]): Conversation[] {
  return [...conversations].sort(newestFirst);
}

function newestFirst(a: Conversation, b: Conversation): number {
  return b.latestId - a.latestId;
}

/**
 * Inbox: unread, unmuted conversations grouped (DMs first, then channels), newest first within a
 * group. Grouped first and each group sorted alone: a channel's topics come newest first already,
 * so each sort is one pass, where sorting all ~5,000 at 30,000 people for every update was not.
 */
export function inbox(conversations: readonly Conversation[]): { group: string; items: Conversation[] }[] {
  const groups = new Map<string, Conversation[]>();
  for (const c of conversations) {
    if (c.unread === 0 || c.muted) continue;
    const items = groups.get(c.group);
    if (items) items.push(c);
    else groups.set(c.group, [c]);
  }
  for (const items of groups.values()) items.sort(newestFirst);
  return [...groups].map(([group, items]) => ({ group, items })).sort(inboxGroupOrder);
}

/** The Inbox's groups: direct messages first, then the channel with the newest conversation. */
export function inboxGroupOrder(a: { group: string; items: Conversation[] }, b: typeof a): number {
  if (a.group === 'Direct messages') return -1;
  if (b.group === 'Direct messages') return 1;
  return b.items[0]!.latestId - a.items[0]!.latestId;
}

/** The `n` shortcut's target: the first unread topic of an unmuted channel, in sidebar order, other than `current`. */
export function nextUnreadTopic(sidebar: Sidebar | null, current: Narrow | null): Narrow | null {
  for (const channel of sidebar?.channels ?? []) {
    if (channel.isMuted) continue;
    for (const topic of channel.topics) {
      const here = current?.kind === 'topic' && current.channelId === channel.id && current.topic === topic.name;
      if (topic.unreadCount > 0 && !here) return { kind: 'topic', channelId: channel.id, topic: topic.name };
    }
  }
  return null;
}

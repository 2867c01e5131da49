/**
 * View models for the renderer (common/model.ts), built from the cache. The renderer never
 * sees the wire format or table rows: names are resolved here, reactions grouped, IDs sorted.
 */
import { topicKey } from '../store/topic-key';
import type {
  ChannelSummary,
  ConversationNames,
  DmSummary,
  EffectiveTopicsPolicy,
  MessageView,
  Narrow,
  Reaction,
  Sidebar,
  TopicSummary,
} from '../../common/model';
import type { AccountStore } from '../store/account-store';
import { othersInDm, parseDmKey } from '../store/narrows';
import { isMentioned, type CachedMessage, type StoredReaction } from '../store/repos/message-rows';
import type { OutboxEntry } from '../store/repos/outbox';
import type { SubscribedChannel } from '../store/repos/channels';
import type { TopicUnreads } from '../store/repos/unreads';
import type { StoredUser } from '../store/repos/users';

/** Some rows of the sidebar: changed channels whole, and the whole DM list when it may have changed. */
export interface SidebarPart {
  channels: ChannelSummary[];
  dms?: DmSummary[];
}

/** The whole sidebar but its people. */
export type SidebarRows = Omit<Sidebar, 'users'>;

/** Topics per channel in the sidebar: the most recent ones, plus any with unread messages. */
const RECENT_TOPICS_PER_CHANNEL = 30;
const RECENT_DMS = 100;
/** What Zulip calls a person the server keeps from us (or we have not heard of yet). */
export const UNKNOWN_USER = 'Unknown user';
/** What Zulip calls the empty topic when the server has not said. */
const DEFAULT_EMPTY_TOPIC_NAME = 'general chat';

export interface Self {
  userId: number;
  fullName: string;
  email: string;
}

/** Looks users up once per build instead of once per message. */
export function userLookup(store: AccountStore): (id: number) => StoredUser | null {
  const seen = new Map<number, StoredUser | null>();
  return (id) => {
    if (!seen.has(id)) seen.set(id, store.users.get(id));
    return seen.get(id) ?? null;
  };
}

export function groupReactions(list: readonly StoredReaction[]): Reaction[] {
  const groups = new Map<string, Reaction>();
  for (const r of list) {
    const key = `${r.reactionType}:${r.emojiCode}`;
    const g = groups.get(key) ?? {
      emojiName: r.emojiName,
      emojiCode: r.emojiCode,
      reactionType: r.reactionType,
      userIds: [],
    };
    g.userIds.push(r.userId);
    groups.set(key, g);
  }
  return [...groups.values()];
}

export function messageView(m: CachedMessage, users: (id: number) => StoredUser | null): MessageView {
  const sender = users(m.senderId);
  return {
    id: m.id,
    senderId: m.senderId,
    // The current name and avatar, so a rename shows on old messages too.
    senderName: sender?.fullName ?? m.senderFullName,
    senderEmail: sender?.email ?? m.senderEmail,
    avatarUrl: sender?.avatarUrl ?? m.avatarUrl,
    timestamp: m.timestamp,
    contentHtml: m.content,
    channelId: m.channelId,
    topic: m.topic,
    dmUserIds: m.dmKey === null ? null : parseDmKey(m.dmKey),
    reactions: groupReactions(m.reactions),
    edited: m.lastEditTimestamp !== null,
    moved: m.lastMovedTimestamp !== null,
    isMe: m.isMeMessage,
    read: m.read,
    starred: m.starred,
    mentioned: isMentioned(m.otherFlags),
    alerted: m.otherFlags.includes('has_alert_word'),
  };
}

/**
 * A local echo of an outbox row. Its ID is the negated row number: unique, never a server ID,
 * and increasing in send order when the renderer sorts by |id|.
 */
export function echoView(e: OutboxEntry, self: Self, users: (id: number) => StoredUser | null): MessageView {
  const view: MessageView = {
    id: -e.seq,
    senderId: self.userId,
    senderName: users(self.userId)?.fullName ?? self.fullName,
    senderEmail: self.email,
    avatarUrl: users(self.userId)?.avatarUrl ?? null,
    timestamp: Math.floor(e.createdAt / 1000),
    // Plain text until the server renders it; escaped so it can go through the same sanitizer path.
    contentHtml: `<p>${escapeHtml(e.content)}</p>`,
    channelId: e.channelId,
    topic: e.topic,
    dmUserIds: e.dmKey === null ? null : parseDmKey(e.dmKey),
    reactions: [],
    edited: false,
    read: true,
    starred: false,
    localId: e.localId,
  };
  if (e.sendError !== null) view.sendError = e.sendError;
  return view;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const POLICIES = new Set<string>(['allow_empty_topic', 'disable_empty_topic', 'empty_topic_only']);

/** The organization's topics policy; servers before it (and before "general chat") say it otherwise. */
function realmTopicsPolicy(store: AccountStore): EffectiveTopicsPolicy {
  const policy = store.realm.get('realm_topics_policy');
  if (typeof policy === 'string' && POLICIES.has(policy) && policy !== 'empty_topic_only') {
    return policy as EffectiveTopicsPolicy;
  }
  // No realm_empty_topic_display_name: a server older than the empty topic itself.
  if (store.realm.get('realm_empty_topic_display_name') === undefined) return 'disable_empty_topic';
  return store.realm.getBoolean('realm_mandatory_topics', false) ? 'disable_empty_topic' : 'allow_empty_topic';
}

function channelTopicsPolicy(extra: Record<string, unknown>, realm: EffectiveTopicsPolicy): EffectiveTopicsPolicy {
  const own = extra['topics_policy'];
  return typeof own === 'string' && POLICIES.has(own) ? (own as EffectiveTopicsPolicy) : realm;
}

function channelSummary(
  store: AccountStore,
  c: SubscribedChannel,
  withUnreads: TopicSummary[],
  realmPolicy: EffectiveTopicsPolicy,
): ChannelSummary {
  // Keyed without regard to case, as the server matches topics; the newest spelling is shown.
  const byKey = new Map(withUnreads.map((t) => [topicKey(t.name), t]));
  for (const t of store.topics.recent(c.id, RECENT_TOPICS_PER_CHANNEL)) {
    const known = byKey.get(topicKey(t.name));
    if (!known) byKey.set(topicKey(t.name), { name: t.name, maxMessageId: t.maxMessageId, unreadCount: 0 });
    else if (t.maxMessageId >= known.maxMessageId) Object.assign(known, { name: t.name, maxMessageId: t.maxMessageId });
  }
  return {
    id: c.id,
    name: c.name,
    color: c.subscription.color,
    description: c.description,
    inviteOnly: c.inviteOnly,
    isMuted: c.subscription.isMuted,
    pinToTop: c.subscription.pinToTop,
    unreadCount: withUnreads.reduce((n, t) => n + t.unreadCount, 0),
    topics: [...byKey.values()].sort((a, b) => b.maxMessageId - a.maxMessageId),
    topicsPolicy: channelTopicsPolicy(c.extra, realmPolicy),
    folderId: typeof c.extra['folder_id'] === 'number' ? c.extra['folder_id'] : null,
    isArchived: c.extra['is_archived'] === true,
  };
}

const topicSummary = (t: TopicUnreads): TopicSummary => ({
  name: t.topic,
  maxMessageId: t.maxId,
  unreadCount: t.count,
});

function channelSummaries(store: AccountStore): ChannelSummary[] {
  const realmPolicy = realmTopicsPolicy(store);
  const unreadTopics = new Map<number, TopicSummary[]>();
  for (const t of store.unreads.countsByTopic()) {
    const list = unreadTopics.get(t.channelId) ?? [];
    list.push(topicSummary(t));
    unreadTopics.set(t.channelId, list);
  }
  return store.channels.subscribed().map((c) => channelSummary(store, c, unreadTopics.get(c.id) ?? [], realmPolicy));
}

function dmSummaries(store: AccountStore, selfId: number): DmSummary[] {
  const byKey = new Map<string, { maxMessageId: number; unreadCount: number }>();
  for (const dm of store.recentDms.recent(RECENT_DMS))
    byKey.set(dm.dmKey, { maxMessageId: dm.maxMessageId, unreadCount: 0 });
  for (const u of store.unreads.countsByDm()) {
    const known = byKey.get(u.dmKey);
    byKey.set(u.dmKey, { maxMessageId: Math.max(known?.maxMessageId ?? 0, u.maxId), unreadCount: u.count });
  }
  const rows = [...byKey.entries()].map(([key, v]) => ({ userIds: othersInDm(key, selfId), ...v }));
  // Rebuilt on every DM that arrives: the names in one query rather than a profile per person.
  const names = store.users.fullNames(rows.flatMap((r) => r.userIds));
  return rows
    .map((r) => ({ ...r, names: r.userIds.map((id) => names.get(id) ?? UNKNOWN_USER) }))
    .sort((a, b) => b.maxMessageId - a.maxMessageId);
}

/**
 * Only the rows a change touched (sync/deltas.ts SidebarScope): the given channels, if still
 * subscribed, and the DM list when asked. For an incoming message this reads one channel's counts
 * and recent topics instead of every channel's.
 */
export function buildSidebarPart(
  store: AccountStore,
  selfId: number,
  touched: { channels: Iterable<number>; dms: boolean },
): SidebarPart {
  const realmPolicy = realmTopicsPolicy(store);
  const channels: ChannelSummary[] = [];
  for (const id of touched.channels) {
    const c = store.channels.getSubscribed(id);
    if (c) channels.push(channelSummary(store, c, store.unreads.countsByTopicIn(id).map(topicSummary), realmPolicy));
  }
  return touched.dms ? { channels, dms: dmSummaries(store, selfId) } : { channels };
}

/** The names a page of `narrow` is shown with (common/model.ts ConversationNames), from the cache. */
export function conversationNames(store: AccountStore, narrow: Narrow): ConversationNames {
  const channel =
    narrow.kind === 'channel' || narrow.kind === 'topic' ? store.channels.getSubscribed(narrow.channelId) : null;
  const people = narrow.kind === 'dm' ? store.users.fullNames(narrow.userIds) : new Map<number, string>();
  return {
    channels: channel ? [{ id: channel.id, name: channel.name }] : [],
    users: [...people].map(([id, fullName]) => ({ id, fullName })),
    emptyTopicDisplayName: emptyTopicName(store),
  };
}

const emptyTopicName = (store: AccountStore): string =>
  store.realm.getString('realm_empty_topic_display_name', DEFAULT_EMPTY_TOPIC_NAME);

/**
 * The sidebar without its people: at 30,000 people reading and comparing them took a quarter of
 * a second of the core's thread, and they change only with user events (SidebarPublisher reads
 * them apart, then).
 */
export function buildSidebarRows(store: AccountStore, accountId: string, selfId: number): SidebarRows {
  return {
    accountId,
    channels: channelSummaries(store),
    dms: dmSummaries(store, selfId),
    emptyTopicDisplayName: emptyTopicName(store),
  };
}

export function buildSidebar(store: AccountStore, accountId: string, selfId: number): Sidebar {
  return { ...buildSidebarRows(store, accountId, selfId), users: store.users.summaries() };
}

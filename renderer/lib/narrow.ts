/** Pure helpers about narrows: identity, which messages belong, and how to name them. */
import type { ComposeTarget, ConversationNames, MessageView, Narrow } from '../../common/model';
import { nameOfUser } from './userNames';

/** A string that is equal for equal narrows (for maps, keyed blocks and comparisons). */
export function narrowKey(narrow: Narrow): string {
  switch (narrow.kind) {
    case 'channel':
      return `channel:${narrow.channelId}`;
    case 'topic':
      return `topic:${narrow.channelId}:${narrow.topic.toLowerCase()}`;
    case 'dm':
      return `dm:${[...narrow.userIds].sort((a, b) => a - b).join(',')}`;
    case 'all':
      return 'all';
  }
}

export function sameNarrow(a: Narrow | null, b: Narrow | null): boolean {
  if (a === null || b === null) return a === b;
  return narrowKey(a) === narrowKey(b);
}

/** Topics match case-insensitively, as the server treats them. */
export function sameTopic(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The other participants of a DM message (the narrow's userIds), given who we are. */
export function dmPeers(dmUserIds: readonly number[], selfUserId: number): number[] {
  return dmUserIds.filter((id) => id !== selfUserId).sort((a, b) => a - b);
}

export function messageInNarrow(message: MessageView, narrow: Narrow, selfUserId: number): boolean {
  switch (narrow.kind) {
    case 'channel':
      return message.channelId === narrow.channelId;
    case 'topic':
      return message.channelId === narrow.channelId && sameTopic(message.topic, narrow.topic);
    case 'dm': {
      if (message.dmUserIds === null) return false;
      const peers = dmPeers(message.dmUserIds, selfUserId);
      const wanted = [...narrow.userIds].sort((a, b) => a - b);
      return peers.length === wanted.length && peers.every((id, i) => id === wanted[i]);
    }
    case 'all':
      return true;
  }
}

/** What a topic is called on screen: the empty topic has an organization-chosen name. */
export function topicLabel(topic: string, names: ConversationNames | null): string {
  return topic === '' ? names?.emptyTopicDisplayName || 'general chat' : topic;
}

export function channelName(channelId: number, names: ConversationNames | null): string {
  return names?.channels.find((c) => c.id === channelId)?.name ?? `channel ${channelId}`;
}

/** Names of DM participants; the self-DM is "You". */
export function dmLabel(userIds: readonly number[], names: ConversationNames | null): string {
  if (userIds.length === 0) return 'You';
  return userIds.map((id) => nameOfUser(names?.users, id)).join(', ');
}

/** Zulip's name for the view of every message (the `all` narrow). */
export const COMBINED_FEED = 'Combined feed';

/** The accessible name of a message list and the title over it. */
export function narrowLabel(narrow: Narrow, names: ConversationNames | null): string {
  switch (narrow.kind) {
    case 'channel':
      return `#${channelName(narrow.channelId, names)}`;
    case 'topic':
      return `#${channelName(narrow.channelId, names)} > ${topicLabel(narrow.topic, names)}`;
    case 'dm':
      return dmLabel(narrow.userIds, names);
    case 'all':
      return COMBINED_FEED;
  }
}

/**
 * Where compose sends in this narrow. A channel narrow needs the topic the user typed. DMs go
 * to the other participants, like the narrow; the self-DM's empty list is main's to address.
 * The Combined feed has no one conversation: null until the user picks one (a reply does).
 */
export function composeTarget(narrow: Narrow, topic: string): ComposeTarget | null {
  switch (narrow.kind) {
    case 'channel':
      return { kind: 'channel', channelId: narrow.channelId, topic };
    case 'topic':
      return { kind: 'channel', channelId: narrow.channelId, topic: narrow.topic };
    case 'dm':
      return { kind: 'dm', userIds: [...narrow.userIds] };
    case 'all':
      return null;
  }
}

/** The conversation a message belongs to (its topic, or its DM without the user), for a reply. */
export function conversationOf(m: MessageView, selfUserId: number): Narrow | null {
  if (m.channelId !== null) return { kind: 'topic', channelId: m.channelId, topic: m.topic };
  return m.dmUserIds ? { kind: 'dm', userIds: dmPeers(m.dmUserIds, selfUserId) } : null;
}

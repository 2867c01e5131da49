/**
 * View models and arguments of the message actions (read, star, react, edit, delete, typing)
 * and of search. Re-exported by ./model.ts.
 */
import type { ComposeTarget, MessageView } from './model';

/** Which unread messages messages:markRead covers. */
export type MarkReadScope =
  | { kind: 'messages'; ids: number[] }
  | { kind: 'topic'; channelId: number; topic: string }
  | { kind: 'channel'; channelId: number }
  | { kind: 'all' }
  /** A DM conversation, by its other participants (empty: the self-DM), as a DM narrow names it. */
  | { kind: 'dm'; userIds: number[] };

/** An emoji as reactions name it: name, code unique within its type, and type (unicode_emoji, realm_emoji, ...). */
export interface EmojiRef {
  name: string;
  code: string;
  type: string;
}

/** Which messages a topic or channel change applies to: this one, this and later ones, or the whole topic. */
export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

/** messages:edit: new content, and/or a move. Content and a channel change cannot go together. */
export interface MessageEdit {
  content?: string | undefined;
  topic?: string | undefined;
  channelId?: number | undefined;
  /** Default change_one. */
  propagateMode?: PropagateMode | undefined;
  /** Post a notice in the old / new thread (server defaults: no / yes). */
  notifyOldThread?: boolean | undefined;
  notifyNewThread?: boolean | undefined;
}

export interface TopicUnreadCount {
  topic: string;
  count: number;
}

export interface ChannelUnreadCount {
  channelId: number;
  count: number;
  topics: TopicUnreadCount[];
}

export interface DmUnreadCount {
  /** Other participants, sorted; empty for the self-DM. */
  userIds: number[];
  count: number;
}

/** Unread counts of one account, kept exact through events (muted channels are counted too). */
export interface UnreadCounts {
  accountId: string;
  total: number;
  /** Unread messages that mention the user, directly or by wildcard. */
  mentions: number;
  channels: ChannelUnreadCount[];
  dms: DmUnreadCount[];
  /** Starred messages (read or not), cached or not. */
  starred: number;
}

/**
 * What unreads:changed carries: the totals and the DM counts (the app badge and the window title
 * need no more). Per-channel counts travel in the sidebar's deltas; unreads:get has everything.
 */
export type UnreadSummary = Omit<UnreadCounts, 'channels'>;

/**
 * Which answer of a search this is: the cache's, given at once (offline too), or the cache's
 * merged with the server's, which is the final list (the server was asked, or could not be).
 */
export type SearchPhase = 'cache' | 'merged';

export interface SearchResult {
  phase: SearchPhase;
  /** Newest first. */
  messages: MessageView[];
  /** True when the server's search answered too; false offline, when it failed, and in the cache phase. */
  serverConsulted: boolean;
  /** Why the server was not consulted, when it was not. */
  serverError?: string;
}

/** typing:set: where the user is typing. */
export type TypingTarget = ComposeTarget;

/**
 * One version of a message in its edit history, oldest first: the original, then each edit or
 * move. Fields describe the message as it stood after that step; `prev*` what the step changed.
 */
export interface MessageVersion {
  /** UNIX seconds. */
  timestamp: number;
  /** Who made this version (the sender for the original); null when the server did not say. */
  userId: number | null;
  kind: 'original' | 'edit';
  /** Unsanitized server HTML of the content after this step; null when this step left it alone. */
  contentHtml: string | null;
  topic: string;
  channelId: number | null;
  /** Set when this step moved the message to another topic. */
  prevTopic?: string;
  /** Set when this step moved the message to another channel. */
  prevChannelId?: number;
}

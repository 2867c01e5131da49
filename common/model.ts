/**
 * Process-neutral view models: what main hands the renderer over the IPC contract.
 * They are shaped for display, not copies of the wire format (main/api owns that).
 */

/** What GET /server_settings told us, normalised (both zulip_* and service_* names are read in main). */
export interface ServerInfo {
  /**
   * The organization URL: the server's realm_url (else realm_uri) when it is on the origin the
   * user typed, else the typed URL itself. Another origin is never adopted silently.
   */
  realmUrl: string;
  /**
   * The server names its organization's address on another origin (a move, a misconfiguration,
   * or someone in between): shown to the user, who may choose to continue there. Null when it
   * names the address that was reached.
   */
  namedElsewhere: string | null;
  /**
   * Plain http to a host other than this computer: passwords and keys would travel unencrypted,
   * so sign-in asks the user to accept that first (server:acceptInsecure).
   */
  insecure: boolean;
  realmName: string;
  /** Absolute URL of the organization icon, or null when the server gave none. */
  realmIcon: string | null;
  /** Sanitize before display: it is server HTML. */
  realmDescription: string;
  /** Missing on the wire counts as 0. */
  featureLevel: number;
  version: string;
  mergeBase: string;
  emailAuthEnabled: boolean;
  requireEmailFormatUsernames: boolean;
  externalAuthMethods: ExternalAuthMethod[];
  /** The server says this client is too old/new for it. */
  isIncompatible: boolean;
  pushNotificationsEnabled: boolean;
}

export interface ExternalAuthMethod {
  name: string;
  displayName: string;
  displayIcon: string | null;
  loginUrl: string;
}

export type AccountStatus =
  | { state: 'starting' }
  | { state: 'connecting' }
  | { state: 'live' }
  /** message is the headline ("Can't reach chat.example.com"); detail, when known, the reason in words. */
  | { state: 'offline'; message: string; retryInMs: number; detail?: string }
  | { state: 'signedOut'; message: string };

export interface AccountSummary {
  /** Stable local ID (never the API key). */
  id: string;
  realmUrl: string;
  realmName: string;
  realmIcon: string | null;
  email: string;
  userId: number;
  fullName: string;
  featureLevel: number;
  status: AccountStatus;
  /** What the server can do, so the renderer hides the rest (set by main; see FeatureGates). */
  features?: FeatureGates;
  /** Push notifications for this account on this computer (main/accounts/push-hookup.ts). */
  push?: PushStatus;
}

/**
 * Where this account's push registration stands, for a settings line such as "Push: active".
 * off: no push here (the platform gives no device token, or the server sends no pushes); `reason`
 * only when the user can do something about it. failed: `message` is written for the user; code
 * 'update-app' means only a newer Parley can fix it.
 */
export type PushStatus =
  | { state: 'off'; reason?: string }
  | { state: 'pending' }
  | { state: 'active' }
  | { state: 'failed'; code: string; message: string };

/** Where a message list points. Channel and DM narrows use IDs, never names. */
export type Narrow =
  | { kind: 'channel'; channelId: number }
  | { kind: 'topic'; channelId: number; topic: string }
  /** userIds: the other participants, sorted ascending; empty for the self-DM. */
  | { kind: 'dm'; userIds: number[] }
  /**
   * Zulip's Combined feed: every message of the user's channels and DMs, paged from the server
   * with `narrow: []`; what Zulip's muting rules leave out is hidden where it is shown.
   */
  | { kind: 'all' };

export type Anchor = number | 'newest' | 'oldest' | 'first_unread';

export interface Reaction {
  emojiName: string;
  emojiCode: string;
  reactionType: string;
  userIds: number[];
}

export interface MessageView {
  id: number;
  senderId: number;
  senderName: string;
  senderEmail: string;
  avatarUrl: string | null;
  /** UNIX seconds. */
  timestamp: number;
  /** Unsanitized server HTML: the renderer sanitizes it once, before it reaches the DOM. */
  contentHtml: string;
  /** Channel messages only. */
  channelId: number | null;
  topic: string;
  /** DM messages only: every participant including the user, sorted. */
  dmUserIds: number[] | null;
  reactions: Reaction[];
  edited: boolean;
  /** Moved to another topic or channel since it was sent (Zulip's "moved" marker). */
  moved?: boolean;
  /** A `/me` message: shown as an action of its sender. */
  isMe?: boolean;
  read: boolean;
  starred: boolean;
  /** Mentions the user, directly or by wildcard (the mention flags). Absent: not known, not shown. */
  mentioned?: boolean;
  /** Contains one of the user's alert words (the has_alert_word flag). Absent: not known, not shown. */
  alerted?: boolean;
  /** Set while the message sits in the outbox and has not been confirmed by the server. */
  localId?: string;
  sendError?: string;
}

/** One flag turned on or off for some messages (the messages:flags event). */
export interface FlagChange {
  flag: 'read' | 'starred';
  on: boolean;
  ids: number[];
}

export interface MessagePage {
  narrow: Narrow;
  messages: MessageView[];
  foundOldest: boolean;
  foundNewest: boolean;
  /** True when this page was answered from the cache without the server. */
  fromCache: boolean;
  /** The names the conversation is shown with (absent: the sidebar names everything). */
  names?: ConversationNames;
}

/**
 * Names a page is shown with: its channel, a DM's people, what the empty topic is called. The
 * sidebar holds them all, but a warm start draws its first rows before the sidebar arrives, and
 * the heading and topic rows read "#channel 10" until it does; read with the page, they are right
 * from the first frame. The Sidebar satisfies this shape too.
 */
export interface ConversationNames {
  channels: readonly { id: number; name: string }[];
  users: readonly { id: number; fullName: string }[];
  emptyTopicDisplayName: string;
}

export interface TopicSummary {
  name: string;
  maxMessageId: number;
  unreadCount: number;
}

export interface ChannelSummary {
  id: number;
  name: string;
  color: string;
  description: string;
  inviteOnly: boolean;
  isMuted: boolean;
  pinToTop: boolean;
  unreadCount: number;
  /** Most recent first. */
  topics: TopicSummary[];
  /**
   * Whether messages may go to the empty topic ("general chat"), the channel's policy with
   * `inherit` resolved against the organization's. Absent (older data): not allowed.
   */
  topicsPolicy?: EffectiveTopicsPolicy;
  /** The channel folder it is filed in; null or absent: none. */
  folderId?: number | null;
  /** Archived: kept for reading, but no one can post to it. Absent (older data): not archived. */
  isArchived?: boolean;
}

export type EffectiveTopicsPolicy = 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';

export interface DmSummary {
  /** Other participants, sorted; empty for the self-DM. */
  userIds: number[];
  /** Display names in the order of userIds ("You" for the self-DM is the renderer's job). */
  names: string[];
  maxMessageId: number;
  unreadCount: number;
}

export interface UserSummary {
  id: number;
  fullName: string;
  email: string;
  avatarUrl: string | null;
  role: number;
  isBot: boolean;
  isActive: boolean;
}

export interface Sidebar {
  accountId: string;
  channels: ChannelSummary[];
  dms: DmSummary[];
  users: UserSummary[];
  /** Empty topic display name of this organization (realm_empty_topic_display_name). */
  emptyTopicDisplayName: string;
}

/** Where a composed message goes. */
export type ComposeTarget = { kind: 'channel'; channelId: number; topic: string } | { kind: 'dm'; userIds: number[] };

export type KeychainStatus =
  /** `name`: which keychain holds the keys, in words a person knows it by ("the macOS Keychain"). */
  | { kind: 'keychain'; name: string }
  /** No OS keychain answered: keys are kept in memory for this session only. */
  | { kind: 'memory'; reason: string };

export interface AppState {
  accounts: AccountSummary[];
  activeAccountId: string | null;
  /** The view that was open when the app last quit, per account. */
  lastView: Narrow | null;
  keychain: KeychainStatus;
  /** Parley's do-not-disturb switch, kept by main across restarts (no notify:show while on). */
  doNotDisturb: boolean;
}

import type { FeatureGates } from './model-records';
export * from './model-records';
export * from './model-messages';

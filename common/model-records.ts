/**
 * View models of the non-message records (channels directory, groups, folders, drafts,
 * snippets, navigation views, profile fields, playgrounds, topic visibility, settings) and
 * the feature gates the renderer uses to hide what a server lacks. Re-exported by ./model.ts.
 */
import type { Narrow, UserSummary } from './model';

/** Which list a records:changed event is about; the renderer refetches that list. */
export type RecordArea =
  | 'channels'
  | 'subscribers'
  | 'groups'
  | 'folders'
  | 'drafts'
  | 'snippets'
  | 'views'
  | 'profileFields'
  | 'playgrounds'
  /** The organization's linkifiers (linkifiers:list). */
  | 'linkifiers'
  | 'realmDomains'
  /** The organization's default settings for new users (userDefaults:get). */
  | 'userDefaults'
  /** The bots the user administers (bots:list). */
  | 'bots'
  /** The user's uploads (attachments:list). */
  | 'attachments'
  | 'topicVisibility'
  | 'users'
  | 'settings'
  | 'realm'
  | 'pushDevices'
  | 'presence'
  | 'alertWords'
  /** Scheduled messages and reminders (scheduled:list). */
  | 'scheduled'
  /** The server's emoji name table (emoji:names). */
  | 'emoji'
  /** The organization's pending invitations (invites:list), told by invites_changed. */
  | 'invites';

/** One page of a list; pass `next` back as `cursor` for the following page (null: that was the last). */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** A page of a channel's subscribers (channels:subscribers), by name. */
export interface SubscriberPage extends Page<UserSummary> {
  /**
   * The cache holds the whole list. False when only part of a big channel's list is known and the
   * server could not be asked for the rest (offline), or keeps it from this user.
   */
  complete: boolean;
  /** How many subscribers the channel has, when known (the server's count for a partial list). */
  count: number | null;
}

/** What this account's server can do (api-v1.md section 9), so the renderer hides the rest. */
export interface FeatureGates {
  /** Navigation views (FL 390). */
  navigationViews: boolean;
  /** Saved snippets (FL 297); editing one needs FL 368. */
  savedSnippets: boolean;
  editSavedSnippets: boolean;
  /** Channel folders (FL 389). */
  channelFolders: boolean;
  /** POST /channels/create (FL 417); below it channels are created by subscribing. */
  createChannelDirectly: boolean;
  /** Unmuting a topic in a muted channel (POST /user_topics, FL 170); below it only the legacy mute route. */
  unmuteTopics: boolean;
  /** Following a topic (visibility_policy 3, FL 219). */
  followTopics: boolean;
  /** A channel's own topics policy at creation (FL 392). */
  channelTopicsPolicy: boolean;
  /** The permission settings (can_*_group names) the server takes when a channel is created. */
  channelPermissions: readonly string[];
  /** Drafts are synced to the server (the user's enable_drafts_synchronization). */
  draftsSync: boolean;
  /** Group memberships of invitations (FL 322). */
  inviteToGroups: boolean;
  /** Scheduled messages, listed, edited and cancelled (FL 184). */
  scheduledMessages: boolean;
  /** "Remind me about this" with the list of reminders (FL 399). */
  reminders: boolean;
}

/** A group-setting value as the server sends it: a group ID, or an anonymous set of users and groups. */
export type GroupSetting = number | { directMembers: number[]; directSubgroups: number[] };

/** A channel in the directory (subscribed or not). */
export interface ChannelInfo {
  id: number;
  name: string;
  description: string;
  /** Unsanitized server HTML. */
  renderedDescription: string;
  inviteOnly: boolean;
  isWebPublic: boolean;
  isArchived: boolean;
  folderId: number | null;
  subscribed: boolean;
  /** From the subscriber list when known, else the server's count, else null. */
  subscriberCount: number | null;
}

/** A subscribed channel's personal settings. Null notification settings inherit the user's defaults. */
export interface SubscriptionSettings {
  channelId: number;
  color: string;
  isMuted: boolean;
  pinToTop: boolean;
  desktopNotifications: boolean | null;
  audibleNotifications: boolean | null;
  pushNotifications: boolean | null;
  emailNotifications: boolean | null;
  wildcardMentionsNotify: boolean | null;
}

export type SubscriptionProperty =
  | { property: 'color'; value: string }
  | {
      property:
        | 'is_muted'
        | 'pin_to_top'
        | 'desktop_notifications'
        | 'audible_notifications'
        | 'push_notifications'
        | 'email_notifications'
        | 'wildcard_mentions_notify';
      value: boolean;
    };

export interface ChannelDetails extends ChannelInfo {
  subscription: SubscriptionSettings | null;
  /** Null when the cache does not hold this channel's whole list (channels:subscribers fetches it). */
  subscriberIds: number[] | null;
}

export interface UserGroupView {
  id: number;
  name: string;
  description: string;
  isSystemGroup: boolean;
  deactivated: boolean;
  memberIds: number[];
  subgroupIds: number[];
  /** can_*_group permission settings by name. */
  settings: Record<string, GroupSetting>;
}

export interface ChannelFolderView {
  id: number;
  name: string;
  description: string;
  /** Unsanitized server HTML. */
  renderedDescription: string;
  isArchived: boolean;
}

export type DraftTarget = { kind: 'channel'; channelId: number; topic: string } | { kind: 'dm'; userIds: number[] };

export interface DraftView {
  /** Ours; stays the same while the draft is edited and after it is synced. */
  id: string;
  /** Null: not addressed yet. */
  to: DraftTarget | null;
  content: string;
  /** UNIX seconds of the last edit. */
  timestamp: number;
  /** Whether the server has this version (only meaningful while drafts sync is on). */
  synced: boolean;
  syncError: string | null;
}

export interface SavedSnippetView {
  id: number;
  title: string;
  content: string;
  dateCreated: number;
}

export interface NavigationViewView {
  fragment: string;
  isPinned: boolean;
  /** Null for built-in views. */
  name: string | null;
}

export interface ProfileFieldView {
  id: number;
  /** 1 short text, 2 long text, 3 list of options, 4 date, 5 link, 6 person, 7 external account, 8 pronouns. */
  type: number;
  name: string;
  hint: string;
  /** Parsed field_data (choices, providers), {} when none. */
  fieldData: Record<string, unknown>;
  displayInProfileSummary: boolean;
  required: boolean;
  editableByUser: boolean;
}

export interface PlaygroundView {
  id: number;
  name: string;
  pygmentsLanguage: string;
  urlTemplate: string;
}

export type TopicVisibility = 'none' | 'muted' | 'unmuted' | 'followed';

export interface TopicVisibilityView {
  channelId: number;
  topic: string;
  visibility: TopicVisibility;
}

export interface UserDetails {
  id: number;
  fullName: string;
  email: string;
  deliveryEmail: string | null;
  avatarUrl: string | null;
  role: number;
  isBot: boolean;
  isActive: boolean;
  timezone: string;
  /** Custom profile field values by field ID. */
  profileData: Record<string, { value: string; renderedValue?: string }>;
  groupIds: number[];
}

/** Someone typing in a conversation of this account (main forgets them after the server's expiry period). */
export interface TypingView {
  narrow: Narrow;
  userIds: number[];
}

/** Who is editing a message right now ("Ada is editing…" under it). */
export interface EditingView {
  messageId: number;
  userIds: number[];
}

/** Whether someone is at their device (active), connected but away (idle), or neither. */
export type PresenceStatus = 'active' | 'idle' | 'offline';

/** One user's presence as the sidebar shows it; users the server said nothing about are offline. */
export interface PresenceView {
  userId: number;
  status: PresenceStatus;
  /** Unix seconds of the last sign of life (active or connected), when known. */
  lastSeen: number | null;
}

/** One user's presence status that moved (presence:changed); going offline is a move too. */
export interface PresenceStatusChange {
  userId: number;
  status: PresenceStatus;
}

/** A linkifier: text matching `pattern` (Python syntax, named groups) links to `urlTemplate` (RFC 6570). */
/** One of the user's uploads, with the messages that link to it (times in Unix seconds). */
export interface AttachmentView {
  id: number;
  name: string;
  /** The path after /user_uploads/ (the file's link on the server). */
  pathId: string;
  /** Bytes. */
  size: number;
  createdAt: number;
  messages: { id: number; sentAt: number }[];
}

/** A bot the user administers (its owner, or an administrator). Its API key is never part of it. */
export interface BotView {
  userId: number;
  fullName: string;
  email: string;
  /** 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded. */
  botType: number | null;
  isActive: boolean;
  ownerId: number | null;
  avatarUrl: string | null;
}

/** An email domain whose owners may join without an invitation; allowSubdomains admits its subdomains too. */
export interface RealmDomainView {
  domain: string;
  allowSubdomains: boolean;
}

export interface LinkifierView {
  pattern: string;
  urlTemplate: string;
}

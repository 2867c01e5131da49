/**
 * The part of the IPC contract about non-message records: channels and subscriptions, topic
 * visibility, user groups, folders, drafts, snippets, navigation views, profile fields,
 * playgrounds, invitations, users and settings. ./contract.ts merges these into Calls and
 * Events. Lists come in pages (pass `next` back as `cursor`); writes answer once the server
 * took them, and the cache follows through the event queue (records:changed).
 */
import type { CustomEmoji, EmojiNameTable } from '../emoji-names';
import type {
  ChannelDetails,
  ChannelFolderView,
  ChannelInfo,
  DraftTarget,
  DraftView,
  GroupSetting,
  LinkifierView,
  RealmDomainView,
  BotView,
  AttachmentView,
  NavigationViewView,
  Page,
  PlaygroundView,
  PresenceStatusChange,
  PresenceView,
  ProfileFieldView,
  RecordArea,
  SavedSnippetView,
  SubscriptionProperty,
  TopicVisibility,
  TopicVisibilityView,
  TypingView,
  EditingView,
  UserDetails,
  UserGroupView,
  UserSummary,
  SubscriberPage,
} from '../model';

type Account = { accountId: string };
/** cursor: the previous page's `next`; limit: at most 500 (default 100). */
type Paged = Account & { cursor?: string | undefined; limit?: number | undefined };

export type GroupPermissionName =
  | 'can_add_members_group'
  | 'can_join_group'
  | 'can_leave_group'
  | 'can_manage_group'
  | 'can_mention_group'
  | 'can_remove_members_group';

/** A channel's permission settings, each a group setting (who may do it). */
export type ChannelPermissionName =
  | 'can_add_subscribers_group'
  | 'can_administer_channel_group'
  | 'can_delete_any_message_group'
  | 'can_delete_own_message_group'
  | 'can_move_messages_out_of_channel_group'
  | 'can_move_messages_within_channel_group'
  | 'can_remove_subscribers_group'
  | 'can_resolve_topics_group'
  | 'can_send_message_group'
  | 'can_subscribe_group';

/** A permission's new value, and optionally the value the user saw (the server refuses if it changed since). */
export interface GroupPermissionChange {
  new: GroupSetting;
  old?: GroupSetting | undefined;
}

export interface RecordCalls {
  /** Every channel the user can see, subscribed or not, by name. */
  'channels:list': (args: Paged) => Page<ChannelInfo>;
  'channels:get': (args: Account & { channelId: number }) => ChannelDetails;
  /**
   * A channel's subscribers by name, a page at a time. The first page fetches the whole list
   * from the server when the cache holds only part of it (a big channel's list from register).
   */
  'channels:subscribers': (args: Paged & { channelId: number }) => SubscriberPage;
  'channels:subscribe': (args: Account & { channelIds: number[] }) => null;
  'channels:unsubscribe': (args: Account & { channelIds: number[] }) => null;
  /** One personal setting of a subscription (color, muted, pinned, notifications). */
  'channels:setProperty': (args: Account & { channelId: number } & SubscriptionProperty) => null;
  /**
   * Creates a channel (subscribing the user and subscriberIds); POST /users/me/subscriptions on servers below
   * FL 417. `notice` says in words which options the server ignored (older servers), else null.
   */
  'channels:create': (
    args: Account & {
      name: string;
      description?: string | undefined;
      inviteOnly?: boolean | undefined;
      subscriberIds?: number[] | undefined;
      folderId?: number | undefined;
      announce?: boolean | undefined;
      /** Anyone on the internet may read it without an account (the organization must allow it). */
      isWebPublic?: boolean | undefined;
      /** Whether new subscribers see the messages sent before they joined. */
      historyPublicToSubscribers?: boolean | undefined;
      /** New members are subscribed automatically (administrators only). */
      isDefaultStream?: boolean | undefined;
      topicsPolicy?: 'inherit' | 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only' | undefined;
      /** Days to keep messages, or the organization's default, or forever. */
      messageRetentionDays?: number | 'realm_default' | 'unlimited' | undefined;
      permissions?: { [P in ChannelPermissionName]?: GroupSetting } | undefined;
    },
  ) => { channelId: number; notice: string | null };
  'topics:setVisibility': (args: Account & { channelId: number; topic: string; visibility: TopicVisibility }) => null;
  /** Topics with a policy other than none, of one channel or of all. */
  'topics:listVisibility': (args: Paged & { channelId?: number | undefined }) => Page<TopicVisibilityView>;
  'groups:list': (args: Paged) => Page<UserGroupView>;
  /** Renames, describes, reactivates, changes permissions (new, and optionally the expected old) or members. */
  'groups:update': (
    args: Account & {
      groupId: number;
      name?: string | undefined;
      description?: string | undefined;
      reactivate?: boolean | undefined;
      permissions?: { [P in GroupPermissionName]?: GroupPermissionChange | undefined } | undefined;
      addMembers?: number[] | undefined;
      removeMembers?: number[] | undefined;
    },
  ) => null;
  'folders:list': (args: Paged) => Page<ChannelFolderView>;
  'folders:create': (args: Account & { name: string; description: string }) => { folderId: number };
  /** Newest first. */
  'drafts:list': (args: Paged) => Page<DraftView>;
  /** Call it as often as the user types: kept at once in memory, written and synced shortly after. No id: a new draft. */
  'drafts:save': (args: Account & { id?: string | undefined; to: DraftTarget | null; content: string }) => {
    id: string;
  };
  'drafts:delete': (args: Account & { id: string }) => null;
  'snippets:list': (args: Paged) => Page<SavedSnippetView>;
  'snippets:create': (args: Account & { title: string; content: string }) => { id: number };
  'snippets:update': (args: Account & { id: number; title?: string | undefined; content?: string | undefined }) => null;
  'snippets:delete': (args: Account & { id: number }) => null;
  'views:list': (args: Paged) => Page<NavigationViewView>;
  'views:create': (args: Account & { fragment: string; isPinned: boolean; name?: string | undefined }) => null;
  'views:update': (
    args: Account & { fragment: string; isPinned?: boolean | undefined; name?: string | undefined },
  ) => null;
  'views:delete': (args: Account & { fragment: string }) => null;
  'profileFields:list': (args: Paged) => Page<ProfileFieldView>;
  'profileFields:create': (
    args: Account & {
      type: number;
      name: string;
      hint?: string | undefined;
      fieldData?: Record<string, unknown> | undefined;
      displayInProfileSummary?: boolean | undefined;
      required?: boolean | undefined;
      editableByUser?: boolean | undefined;
    },
  ) => { id: number };
  'playgrounds:list': (args: Paged) => Page<PlaygroundView>;
  'playgrounds:create': (args: Account & { name: string; pygmentsLanguage: string; urlTemplate: string }) => {
    id: number;
  };
  'playgrounds:delete': (args: Account & { id: number }) => null;
  /** A reusable invitation link. expiresInMinutes null: never. */
  'invites:create': (
    args: Account & {
      expiresInMinutes?: number | null | undefined;
      inviteAs?: number | undefined;
      channelIds?: number[] | undefined;
      groupIds?: number[] | undefined;
      includeRealmDefaultSubscriptions?: boolean | undefined;
      welcomeMessage?: string | null | undefined;
    },
  ) => { link: string };
  /** Everyone in the organization the user can see, by name. */
  'users:list': (args: Paged) => Page<UserSummary>;
  'users:get': (args: Account & { userId: number }) => UserDetails;
  'settings:get': (args: Account) => Record<string, unknown>;
  /** The user's own values of custom profile fields, by field ID; an empty value clears one. */
  'profile:setFields': (args: Account & { values: { fieldId: number; value: string }[] }) => null;
  /** Names and values as in register's user_settings. */
  'settings:update': (args: Account & { changes: Record<string, string | number | boolean> }) => null;
  /**
   * Everyone active or idle (anyone unlisted is offline), each status as last told
   * (this answer, then presence:changed, keep the page's statuses exact). Refetch on records:changed
   * 'presence' or 'realm', and after a reconnect.
   */
  'presence:list': (args: Account) => PresenceView[];
  /**
   * The user is at the app (window focused, recent input) or not; every account's presence
   * heartbeat reports it. Send on each change, and again at most once a minute while active.
   */
  'presence:activity': (args: { active: boolean; input?: boolean | undefined }) => null;
  /** The user's alert words, in the order they were added. */
  'alertWords:list': (args: Account) => string[];
  /** Adds words or phrases (already known ones, in any case, are skipped by the server). */
  'alertWords:add': (args: Account & { words: string[] }) => null;
  'alertWords:remove': (args: Account & { words: string[] }) => null;
  /**
   * The server's emoji names (Zulip's code_to_names: canonical name first), or null when it
   * publishes none (the renderer then uses its bundled copy of Zulip's table). Refetch on
   * records:changed 'emoji'.
   */
  'emoji:names': (args: Account) => EmojiNameTable | null;
  /** The organization's custom emoji, deactivated ones too; refetch on records:changed 'emoji'. */
  'emoji:custom': (args: Account) => CustomEmoji[];
  /** Deactivates a custom emoji (administrators, or its author); the change arrives as records:changed 'emoji'. */
  'emoji:deactivate': (args: Account & { name: string }) => null;
  /** The organization's linkifiers in the order they apply; refetch on records:changed 'linkifiers'. */
  'linkifiers:list': (args: Account) => LinkifierView[];
  /** The allowed sign-up domains, by name; refetch on records:changed 'realmDomains'. */
  'realmDomains:list': (args: Account) => RealmDomainView[];
  /** Adds one (administrators); the change arrives as records:changed 'realmDomains'. */
  'realmDomains:add': (args: Account & RealmDomainView) => null;
  /** Removes one (administrators); the change arrives as records:changed 'realmDomains'. */
  'realmDomains:remove': (args: Account & { domain: string }) => null;
  /** Default settings for new users, named as register's user_settings; refetch on records:changed 'userDefaults'. */
  'userDefaults:get': (args: Account) => Record<string, string | number | boolean>;
  /** Changes some (administrators); the change arrives as records:changed 'userDefaults'. */
  'userDefaults:update': (args: Account & { changes: Record<string, string | number | boolean> }) => null;
  /** The bots the user administers, deactivated ones too, by name; refetch on records:changed 'bots'. */
  'bots:list': (args: Account) => BotView[];
  /**
   * Creates a generic bot owned by the user. The answer carries the bot's API key so the screen
   * can show it once; it is kept nowhere. The bot arrives as records:changed 'bots'.
   */
  'bots:create': (args: Account & { fullName: string; shortName: string }) => { userId: number; apiKey: string };
  /** Deactivates a bot (its owner or an administrator); the change arrives as records:changed 'bots'. */
  'bots:deactivate': (args: Account & { userId: number }) => null;
  /**
   * The user types in the edit box of a message: call start on every keystroke, stop when the
   * edit is saved or abandoned; main throttles as for typing:set (best effort, never fails).
   */
  'typing:edit': (args: Account & { messageId: number; op: 'start' | 'stop' }) => null;
  /** The user's uploads, newest first (fetched once, then kept by events); refetch on records:changed 'attachments'. */
  'attachments:list': (args: Account) => AttachmentView[];
  /** Deletes one of the user's uploads; the change arrives as records:changed 'attachments'. */
  'attachments:delete': (args: Account & { id: number }) => null;
}

export interface RecordEvents {
  /** These lists changed (another client, another user, or the server): refetch what is on screen. */
  'records:changed': {
    accountId: string;
    areas: RecordArea[];
    /**
     * With 'subscribers': the only channels whose subscriber lists changed, so an open list of
     * another channel need not reload (a big organization has peer events all the time). Absent:
     * any list may have changed.
     */
    subscriberChannels?: number[];
  };
  /** Everyone typing right now in this account's conversations. */
  'typing:changed': { accountId: string; typing: TypingView[] };
  /** Everyone editing a message of this account's conversations right now (the whole list). */
  'typing:editing': { accountId: string; editing: EditingView[] };
  /**
   * Only the people whose presence status moved since the last presence:list answer or
   * presence:changed event, in order: apply them on top of that list. A reason to reload the
   * whole list (a new snapshot, the organization's settings) comes as records:changed 'presence'.
   */
  'presence:changed': { accountId: string; changes: PresenceStatusChange[] };
}

export const RECORD_CALL_NAMES = [
  'channels:list',
  'channels:get',
  'channels:subscribers',
  'channels:subscribe',
  'channels:unsubscribe',
  'channels:setProperty',
  'channels:create',
  'topics:setVisibility',
  'topics:listVisibility',
  'groups:list',
  'groups:update',
  'folders:list',
  'folders:create',
  'drafts:list',
  'drafts:save',
  'drafts:delete',
  'snippets:list',
  'snippets:create',
  'snippets:update',
  'snippets:delete',
  'views:list',
  'views:create',
  'views:update',
  'views:delete',
  'profileFields:list',
  'profileFields:create',
  'playgrounds:list',
  'playgrounds:create',
  'playgrounds:delete',
  'invites:create',
  'users:list',
  'users:get',
  'settings:get',
  'profile:setFields',
  'settings:update',
  'presence:list',
  'presence:activity',
  'alertWords:list',
  'alertWords:add',
  'alertWords:remove',
  'emoji:names',
  'emoji:custom',
  'linkifiers:list',
  'emoji:deactivate',
  'realmDomains:list',
  'realmDomains:add',
  'realmDomains:remove',
  'userDefaults:get',
  'userDefaults:update',
  'bots:list',
  'bots:create',
  'bots:deactivate',
  'typing:edit',
  'attachments:list',
  'attachments:delete',
] as const satisfies readonly (keyof RecordCalls)[];

export const RECORD_EVENT_NAMES = [
  'records:changed',
  'typing:changed',
  'typing:editing',
  'presence:changed',
] as const satisfies readonly (keyof RecordEvents)[];

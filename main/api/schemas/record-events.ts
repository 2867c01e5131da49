/**
 * Events about the non-message records (protocol-notes.md section 3). Merged into
 * EVENT_SCHEMAS by ./events.ts; anything else about these families (a new op, say) becomes an
 * UnknownEvent there, so a newer server never stops the sync loop.
 */
import * as z from 'zod';
import {
  ChannelFolder,
  CustomProfileField,
  Draft,
  NavigationView,
  RealmEmojiMap,
  RealmLinkifier,
  RealmDomain,
  Bot,
  BotChange,
  Attachment,
  RealmPlayground,
  SavedSnippet,
  UserGroup,
} from './records';
import { BasicChannel } from './subscription';

const id = z.number().int();
const ids = z.array(id);
const base = <T extends string>(type: T) => ({ id, type: z.literal(type) });
const op = <T extends string, O extends string>(type: T, name: O) => ({ ...base(type), op: z.literal(name) });

export const StreamEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...op('stream', 'create'), streams: z.array(BasicChannel) }),
  z.looseObject({
    ...op('stream', 'delete'),
    /** FL 343; older servers only send streams (each with stream_id). */
    stream_ids: ids.optional(),
    streams: z.array(z.looseObject({ stream_id: id })).default([]),
  }),
  z.looseObject({
    ...op('stream', 'update'),
    stream_id: id,
    property: z.string(),
    value: z.unknown(),
    rendered_description: z.string().optional(),
    history_public_to_subscribers: z.boolean().optional(),
    is_web_public: z.boolean().optional(),
  }),
]);

export const UserGroupEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...op('user_group', 'add'), group: UserGroup }),
  z.looseObject({ ...op('user_group', 'update'), group_id: id, data: z.record(z.string(), z.unknown()) }),
  z.looseObject({ ...op('user_group', 'add_members'), group_id: id, user_ids: ids }),
  z.looseObject({ ...op('user_group', 'remove_members'), group_id: id, user_ids: ids }),
  z.looseObject({ ...op('user_group', 'add_subgroups'), group_id: id, direct_subgroup_ids: ids }),
  z.looseObject({ ...op('user_group', 'remove_subgroups'), group_id: id, direct_subgroup_ids: ids }),
  z.looseObject({ ...op('user_group', 'remove'), group_id: id }),
]);

export const DraftsEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...op('drafts', 'add'), drafts: z.array(Draft) }),
  z.looseObject({ ...op('drafts', 'update'), draft: Draft }),
  z.looseObject({ ...op('drafts', 'remove'), draft_id: id }),
]);

export const SavedSnippetsEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...op('saved_snippets', 'add'), saved_snippet: SavedSnippet }),
  z.looseObject({ ...op('saved_snippets', 'update'), saved_snippet: SavedSnippet }),
  z.looseObject({ ...op('saved_snippets', 'remove'), saved_snippet_id: id }),
]);

export const NavigationViewEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...op('navigation_view', 'add'), navigation_view: NavigationView }),
  z.looseObject({
    ...op('navigation_view', 'update'),
    fragment: z.string(),
    data: z.looseObject({ name: z.string().nullable().optional(), is_pinned: z.boolean().optional() }),
  }),
  z.looseObject({ ...op('navigation_view', 'remove'), fragment: z.string() }),
]);

export const ChannelFolderEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...op('channel_folder', 'add'), channel_folder: ChannelFolder }),
  z.looseObject({
    ...op('channel_folder', 'update'),
    channel_folder_id: id,
    data: z.looseObject({
      name: z.string().optional(),
      description: z.string().optional(),
      rendered_description: z.string().optional(),
      is_archived: z.boolean().optional(),
    }),
  }),
  /** FL 418: the folders' IDs in their new order. */
  z.looseObject({ ...op('channel_folder', 'reorder'), order: ids }),
]);

/** The whole list of fields after any change. */
export const CustomProfileFieldsEvent = z.looseObject({
  ...base('custom_profile_fields'),
  fields: z.array(CustomProfileField),
});

/** The whole set after any change. */
export const RealmPlaygroundsEvent = z.looseObject({
  ...base('realm_playgrounds'),
  realm_playgrounds: z.array(RealmPlayground),
});

/** The whole list, in the order they apply, after any change. */
export const RealmLinkifiersEvent = z.looseObject({
  ...base('realm_linkifiers'),
  realm_linkifiers: z.array(RealmLinkifier),
});

/** An allowed sign-up domain added, changed (allow_subdomains) or removed. */
export const RealmDomainsEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...op('realm_domains', 'add'), realm_domain: RealmDomain }),
  z.looseObject({ ...op('realm_domains', 'change'), realm_domain: RealmDomain }),
  z.looseObject({ ...op('realm_domains', 'remove'), domain: z.string() }),
]);

/** One default setting for new users changed (Zulip 5.0, feature level 95). */
export const RealmUserSettingsDefaultsEvent = z.looseObject({
  ...op('realm_user_settings_defaults', 'update'),
  property: z.string(),
  value: z.union([z.boolean(), z.number(), z.string()]),
});

/** A bot the user administers added, changed, or (older servers) removed/deleted. */
export const RealmBotEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...op('realm_bot', 'add'), bot: Bot }),
  z.looseObject({ ...op('realm_bot', 'update'), bot: BotChange }),
  z.looseObject({ ...op('realm_bot', 'remove'), bot: z.looseObject({ user_id: id }) }),
  z.looseObject({ ...op('realm_bot', 'delete'), bot: z.looseObject({ user_id: id }) }),
]);

export const UserTopicEvent = z.looseObject({
  ...base('user_topic'),
  stream_id: id,
  topic_name: z.string(),
  last_updated: z.number().default(0),
  /** 0 means the topic is back to no policy. */
  visibility_policy: z.number().int(),
});

const TypingUser = z.looseObject({ user_id: id });

export const TypingEvent = z.looseObject({
  ...base('typing'),
  op: z.enum(['start', 'stop']),
  /** "direct" (older servers: "private") or "stream". */
  message_type: z.string().default('direct'),
  sender: TypingUser,
  /** Direct messages only: every participant, the sender included. */
  recipients: z.array(TypingUser).optional(),
  stream_id: id.optional(),
  topic: z.string().optional(),
});

/** Someone started or stopped editing a message's content (feature level 351). */
export const TypingEditMessageEvent = z.looseObject({
  ...base('typing_edit_message'),
  op: z.enum(['start', 'stop']),
  sender_id: id,
  message_id: id,
});

/** One of the user's uploads added, linked from a message (update), or deleted (remove: only its ID). */
export const AttachmentEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...op('attachment', 'add'), attachment: Attachment }),
  z.looseObject({ ...op('attachment', 'update'), attachment: Attachment }),
  z.looseObject({ ...op('attachment', 'remove'), attachment: z.looseObject({ id }) }),
]);

/** push_account_id is a string in this event, an integer in the register request. */
export const PushDeviceEvent = z.looseObject({
  ...base('push_device'),
  push_account_id: z.union([id, z.string().regex(/^\d+$/).transform(Number)]),
  status: z.string(),
  error_code: z.string().nullable().optional(),
});

export const UserSettingsEvent = z.looseObject({
  ...op('user_settings', 'update'),
  property: z.string(),
  value: z.unknown(),
  language_name: z.string().optional(),
});

export const RealmEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...op('realm', 'update'), property: z.string(), value: z.unknown() }),
  z.looseObject({
    ...op('realm', 'update_dict'),
    property: z.string().optional(),
    data: z.record(z.string(), z.unknown()),
  }),
  /** Not reliable (auth errors from GET /events are what sign the account out); noted only. */
  z.looseObject({ ...op('realm', 'deactivated'), realm_id: id.optional() }),
]);

/** Custom emoji changed: the whole set again. */
export const RealmEmojiEvent = z.looseObject({ ...op('realm_emoji', 'update'), realm_emoji: RealmEmojiMap });

/** The set of invitations changed (Zulip sends it to administrators and the sender); nothing else in it. */
export const InvitesChangedEvent = z.looseObject(base('invites_changed'));

export const RECORD_EVENT_SCHEMAS = {
  stream: StreamEvent,
  user_group: UserGroupEvent,
  drafts: DraftsEvent,
  saved_snippets: SavedSnippetsEvent,
  navigation_view: NavigationViewEvent,
  channel_folder: ChannelFolderEvent,
  custom_profile_fields: CustomProfileFieldsEvent,
  realm_playgrounds: RealmPlaygroundsEvent,
  realm_linkifiers: RealmLinkifiersEvent,
  realm_domains: RealmDomainsEvent,
  realm_user_settings_defaults: RealmUserSettingsDefaultsEvent,
  realm_bot: RealmBotEvent,
  typing_edit_message: TypingEditMessageEvent,
  attachment: AttachmentEvent,
  realm_emoji: RealmEmojiEvent,
  user_topic: UserTopicEvent,
  typing: TypingEvent,
  push_device: PushDeviceEvent,
  user_settings: UserSettingsEvent,
  realm: RealmEvent,
  invites_changed: InvitesChangedEvent,
} as const;

export const RECORD_KNOWN_OPS = {
  stream: ['create', 'delete', 'update'],
  user_group: ['add', 'update', 'add_members', 'remove_members', 'add_subgroups', 'remove_subgroups', 'remove'],
  drafts: ['add', 'update', 'remove'],
  saved_snippets: ['add', 'update', 'remove'],
  navigation_view: ['add', 'update', 'remove'],
  channel_folder: ['add', 'update', 'reorder'],
  typing: ['start', 'stop'],
  realm_domains: ['add', 'change', 'remove'],
  realm_user_settings_defaults: ['update'],
  realm_bot: ['add', 'update', 'remove', 'delete'],
  typing_edit_message: ['start', 'stop'],
  attachment: ['add', 'update', 'remove'],
  user_settings: ['update'],
  realm: ['update', 'update_dict', 'deactivated'],
} as const satisfies Partial<Record<keyof typeof RECORD_EVENT_SCHEMAS, readonly string[]>>;

export type StreamEvent = z.infer<typeof StreamEvent>;
export type UserGroupEvent = z.infer<typeof UserGroupEvent>;
export type DraftsEvent = z.infer<typeof DraftsEvent>;
export type SavedSnippetsEvent = z.infer<typeof SavedSnippetsEvent>;
export type NavigationViewEvent = z.infer<typeof NavigationViewEvent>;
export type ChannelFolderEvent = z.infer<typeof ChannelFolderEvent>;
export type CustomProfileFieldsEvent = z.infer<typeof CustomProfileFieldsEvent>;
export type RealmPlaygroundsEvent = z.infer<typeof RealmPlaygroundsEvent>;
export type RealmEmojiEvent = z.infer<typeof RealmEmojiEvent>;
export type RealmLinkifiersEvent = z.infer<typeof RealmLinkifiersEvent>;
export type RealmDomainsEvent = z.infer<typeof RealmDomainsEvent>;
export type RealmUserSettingsDefaultsEvent = z.infer<typeof RealmUserSettingsDefaultsEvent>;
export type RealmBotEvent = z.infer<typeof RealmBotEvent>;
export type UserTopicEvent = z.infer<typeof UserTopicEvent>;
export type TypingEvent = z.infer<typeof TypingEvent>;
export type TypingEditMessageEvent = z.infer<typeof TypingEditMessageEvent>;
export type AttachmentEvent = z.infer<typeof AttachmentEvent>;
export type PushDeviceEvent = z.infer<typeof PushDeviceEvent>;
export type UserSettingsEvent = z.infer<typeof UserSettingsEvent>;
export type RealmEvent = z.infer<typeof RealmEvent>;

export type RecordEvent = {
  [K in keyof typeof RECORD_EVENT_SCHEMAS]: z.infer<(typeof RECORD_EVENT_SCHEMAS)[K]>;
}[keyof typeof RECORD_EVENT_SCHEMAS];

/**
 * Wire shapes of the non-message records (api-v1.md 2.4 and protocol-notes.md section 2):
 * as they come in POST /register, in GET answers and inside events. Loose like every schema
 * here; only the fields we rely on are required.
 */
import * as z from 'zod';
import { GroupSettingValue } from './common';

const id = z.number().int();

export const UserGroup = z.looseObject({
  id,
  name: z.string(),
  description: z.string().default(''),
  members: z.array(id).default([]),
  direct_subgroup_ids: z.array(id).default([]),
  is_system_group: z.boolean().default(false),
  deactivated: z.boolean().default(false),
  date_created: z.number().nullable().optional(),
  creator_id: id.nullable().optional(),
  can_add_members_group: GroupSettingValue.optional(),
  can_join_group: GroupSettingValue.optional(),
  can_leave_group: GroupSettingValue.optional(),
  can_manage_group: GroupSettingValue.optional(),
  can_mention_group: GroupSettingValue.optional(),
  can_remove_members_group: GroupSettingValue.optional(),
});
export type UserGroup = z.infer<typeof UserGroup>;

export const ChannelFolder = z.looseObject({
  id,
  name: z.string(),
  description: z.string().default(''),
  rendered_description: z.string().default(''),
  /** FL 414; older servers list folders in creation order. */
  order: z.number().int().optional(),
  is_archived: z.boolean().default(false),
  date_created: z.number().nullable().optional(),
  creator_id: id.nullable().optional(),
});
export type ChannelFolder = z.infer<typeof ChannelFolder>;

export const DraftType = z.enum(['', 'stream', 'private']);
export type DraftType = z.infer<typeof DraftType>;

export const Draft = z.looseObject({
  id,
  type: DraftType,
  to: z.array(id).default([]),
  topic: z.string().default(''),
  content: z.string(),
  /** UNIX seconds; the server fills it in when a client leaves it out. */
  timestamp: z.number().default(0),
});
export type Draft = z.infer<typeof Draft>;

export const SavedSnippet = z.looseObject({
  id,
  title: z.string(),
  content: z.string(),
  date_created: z.number().default(0),
});
export type SavedSnippet = z.infer<typeof SavedSnippet>;

export const NavigationView = z.looseObject({
  fragment: z.string(),
  is_pinned: z.boolean(),
  /** Only custom views have one. */
  name: z.string().nullable().optional(),
});
export type NavigationView = z.infer<typeof NavigationView>;

export const CustomProfileField = z.looseObject({
  id,
  /** 1 short text, 2 long text, 3 list of options, 4 date, 5 link, 6 person, 7 external account, 8 pronouns. */
  type: z.number().int(),
  order: z.number().int().default(0),
  name: z.string(),
  hint: z.string().default(''),
  /** JSON text in register and events (an object when creating). */
  field_data: z.union([z.string(), z.record(z.string(), z.unknown())]).default(''),
  /** Only sent when true. */
  display_in_profile_summary: z.boolean().default(false),
  required: z.boolean().default(false),
  editable_by_user: z.boolean().default(true),
});
export type CustomProfileField = z.infer<typeof CustomProfileField>;

export const RealmPlayground = z.looseObject({
  id,
  name: z.string(),
  pygments_language: z.string(),
  url_template: z.string(),
});
export type RealmPlayground = z.infer<typeof RealmPlayground>;

/** Register's realm_linkifiers and the realm_linkifiers event (with the linkifier_url_template capability). */
export const RealmLinkifier = z.looseObject({ id, pattern: z.string(), url_template: z.string() });
export type RealmLinkifier = z.infer<typeof RealmLinkifier>;

/** Register's realm_domains: an email domain whose owners may join without an invitation. */
export const RealmDomain = z.looseObject({ domain: z.string(), allow_subdomains: z.boolean() });
export type RealmDomain = z.infer<typeof RealmDomain>;

/**
 * Register's realm_bots and realm_bot add: a bot the user administers. The api_key it carries is
 * deliberately not declared: it is never read, so it can never be stored.
 */
export const Bot = z.looseObject({
  user_id: id,
  full_name: z.string(),
  email: z.string(),
  bot_type: z.number().int().nullable().optional(),
  is_active: z.boolean(),
  owner_id: id.nullable().optional(),
  avatar_url: z.string().nullable().optional(),
});
export type Bot = z.infer<typeof Bot>;

/** realm_bot update: the bot's ID and the fields that changed. */
export const BotChange = z.looseObject({
  user_id: id,
  full_name: z.string().optional(),
  is_active: z.boolean().optional(),
  owner_id: id.nullable().optional(),
  avatar_url: z.string().nullable().optional(),
});
export type BotChange = z.infer<typeof BotChange>;

/** GET /attachments and attachment add/update: one of the user's uploads (times in milliseconds). */
export const Attachment = z.looseObject({
  id,
  name: z.string(),
  path_id: z.string(),
  size: z.number().int(),
  create_time: z.number(),
  messages: z.array(z.looseObject({ id, date_sent: z.number() })).default([]),
});
export type Attachment = z.infer<typeof Attachment>;

/** Register's realm_emoji and the realm_emoji event: every custom emoji by ID, deactivated ones too. */
export const RealmEmojiMap = z.record(
  z.string(),
  z.looseObject({
    id: z.string(),
    name: z.string(),
    source_url: z.string(),
    deactivated: z.boolean().optional(),
  }),
);
export type RealmEmojiMap = z.infer<typeof RealmEmojiMap>;

/** A topic's visibility policy: 0 none, 1 muted, 2 unmuted, 3 followed. */
export const UserTopicRecord = z.looseObject({
  stream_id: id,
  topic_name: z.string(),
  last_updated: z.number().default(0),
  visibility_policy: z.number().int(),
});
export type UserTopicRecord = z.infer<typeof UserTopicRecord>;

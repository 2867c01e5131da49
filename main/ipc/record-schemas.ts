/** Argument schemas of the record calls (common/ipc/records-contract.ts); spread into ./schemas.ts. */
import * as z from 'zod';
import type { CallArgs } from '../../common/ipc/contract';
import type { RecordCalls } from '../../common/ipc/records-contract';

const accountId = z.string().min(1).max(100);
const id = z.number().int().positive();
const ids = z.array(id).max(10_000);
/** Zulip's own limits are far lower; these only stop absurd payloads before any work. */
const MAX_TEXT = 200_000;
const noNul = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\0'), 'must not contain NUL characters');
const paged = {
  accountId,
  cursor: z.string().max(1000).optional(),
  limit: z.number().int().min(1).max(500).optional(),
};
const account = z.object({ accountId }).strict();

const sortedIds = z
  .array(id)
  .max(100)
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

const draftTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('channel'), channelId: id, topic: noNul(1000) }).strict(),
  z.object({ kind: z.literal('dm'), userIds: sortedIds }).strict(),
]);

const groupSetting = z.union([
  z.number().int().nonnegative(),
  z.object({ directMembers: ids, directSubgroups: ids }).strict(),
]);
const permission = z.object({ new: groupSetting, old: groupSetting.optional() }).strict();
const channelPermission = z.enum([
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_resolve_topics_group',
  'can_send_message_group',
  'can_subscribe_group',
]);

const boolProperty = z.enum([
  'is_muted',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
]);
const setProperty = z.union([
  z
    .object({
      accountId,
      channelId: id,
      property: z.literal('color'),
      value: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a color like #76ce90'),
    })
    .strict(),
  z.object({ accountId, channelId: id, property: boolProperty, value: z.boolean() }).strict(),
]);

const roles = z.union([z.literal(100), z.literal(200), z.literal(300), z.literal(400), z.literal(600)]);

export const recordCallSchemas = {
  'channels:list': z.object(paged).strict(),
  'channels:get': z.object({ accountId, channelId: id }).strict(),
  'channels:subscribers': z.object({ ...paged, channelId: id }).strict(),
  'channels:subscribe': z.object({ accountId, channelIds: z.array(id).min(1).max(500) }).strict(),
  'channels:unsubscribe': z.object({ accountId, channelIds: z.array(id).min(1).max(500) }).strict(),
  'channels:setProperty': setProperty,
  'channels:create': z
    .object({
      accountId,
      name: z.string().trim().min(1, 'Give the channel a name.').max(1000),
      description: z.string().max(MAX_TEXT).optional(),
      inviteOnly: z.boolean().optional(),
      subscriberIds: ids.optional(),
      folderId: id.optional(),
      announce: z.boolean().optional(),
      isWebPublic: z.boolean().optional(),
      historyPublicToSubscribers: z.boolean().optional(),
      isDefaultStream: z.boolean().optional(),
      topicsPolicy: z.enum(['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only']).optional(),
      messageRetentionDays: z
        .union([z.literal('realm_default'), z.literal('unlimited'), z.number().int().min(1).max(36_500)])
        .optional(),
      permissions: z.partialRecord(channelPermission, groupSetting).optional(),
    })
    .strict(),
  'topics:setVisibility': z
    .object({
      accountId,
      channelId: id,
      topic: z.string().max(1000),
      visibility: z.enum(['none', 'muted', 'unmuted', 'followed']),
    })
    .strict(),
  'topics:listVisibility': z.object({ ...paged, channelId: id.optional() }).strict(),
  'groups:list': z.object(paged).strict(),
  'groups:update': z
    .object({
      accountId,
      groupId: id,
      name: z.string().trim().min(1).max(1000).optional(),
      description: z.string().max(MAX_TEXT).optional(),
      reactivate: z.boolean().optional(),
      permissions: z
        .object({
          can_add_members_group: permission.optional(),
          can_join_group: permission.optional(),
          can_leave_group: permission.optional(),
          can_manage_group: permission.optional(),
          can_mention_group: permission.optional(),
          can_remove_members_group: permission.optional(),
        })
        .strict()
        .optional(),
      addMembers: ids.optional(),
      removeMembers: ids.optional(),
    })
    .strict(),
  'folders:list': z.object(paged).strict(),
  'folders:create': z
    .object({
      accountId,
      name: z.string().trim().min(1, 'Give the folder a name.').max(1000),
      description: z.string().max(MAX_TEXT),
    })
    .strict(),
  'drafts:list': z.object(paged).strict(),
  'drafts:save': z
    .object({
      accountId,
      id: z.string().min(1).max(100).optional(),
      to: draftTarget.nullable(),
      content: noNul(MAX_TEXT),
    })
    .strict(),
  'drafts:delete': z.object({ accountId, id: z.string().min(1).max(100) }).strict(),
  'snippets:list': z.object(paged).strict(),
  'snippets:create': z
    .object({
      accountId,
      title: z.string().trim().min(1, 'Give the snippet a title.').max(1000),
      content: z.string().max(MAX_TEXT),
    })
    .strict(),
  'snippets:update': z
    .object({
      accountId,
      id,
      title: z.string().trim().min(1).max(1000).optional(),
      content: z.string().max(MAX_TEXT).optional(),
    })
    .strict(),
  'snippets:delete': z.object({ accountId, id }).strict(),
  'views:list': z.object(paged).strict(),
  'views:create': z
    .object({
      accountId,
      fragment: z.string().trim().min(1, 'A view needs a fragment.').max(2000),
      isPinned: z.boolean(),
      name: z.string().trim().min(1).max(1000).optional(),
    })
    .strict(),
  'views:update': z
    .object({
      accountId,
      fragment: z.string().min(1).max(2000),
      isPinned: z.boolean().optional(),
      name: z.string().trim().min(1).max(1000).optional(),
    })
    .strict(),
  'views:delete': z.object({ accountId, fragment: z.string().min(1).max(2000) }).strict(),
  'profileFields:list': z.object(paged).strict(),
  'profileFields:create': z
    .object({
      accountId,
      type: z.number().int().min(1).max(8),
      name: z.string().trim().min(1, 'Give the field a name.').max(1000),
      hint: z.string().max(1000).optional(),
      fieldData: z.record(z.string(), z.unknown()).optional(),
      displayInProfileSummary: z.boolean().optional(),
      required: z.boolean().optional(),
      editableByUser: z.boolean().optional(),
    })
    .strict(),
  'playgrounds:list': z.object(paged).strict(),
  'playgrounds:create': z
    .object({
      accountId,
      name: z.string().trim().min(1).max(1000),
      pygmentsLanguage: z.string().trim().min(1).max(200),
      urlTemplate: z.string().min(1).max(2000),
    })
    .strict(),
  'playgrounds:delete': z.object({ accountId, id }).strict(),
  'invites:create': z
    .object({
      accountId,
      expiresInMinutes: z.number().int().positive().nullable().optional(),
      inviteAs: roles.optional(),
      channelIds: ids.optional(),
      groupIds: ids.optional(),
      includeRealmDefaultSubscriptions: z.boolean().optional(),
      welcomeMessage: z.string().max(8000).nullable().optional(),
    })
    .strict(),
  'users:list': z.object(paged).strict(),
  'users:get': z.object({ accountId, userId: id }).strict(),
  'settings:get': account,
  'profile:setFields': z
    .object({
      accountId,
      values: z
        .array(z.object({ fieldId: id, value: z.string().max(10_000) }).strict())
        .min(1, 'change at least one field')
        .max(100),
    })
    .strict(),
  'settings:update': z
    .object({
      accountId,
      changes: z
        .record(
          z.string().regex(/^[a-z0-9_]{1,100}$/, 'a setting name'),
          z.union([z.string().max(10_000), z.number(), z.boolean()]),
        )
        .refine((c) => Object.keys(c).length > 0, 'name at least one setting'),
    })
    .strict(),
  'presence:list': account,
  'presence:activity': z.object({ active: z.boolean(), input: z.boolean().optional() }).strict(),
  'alertWords:list': account,
  'emoji:names': account,
  'emoji:custom': account,
  'linkifiers:list': account,
  'realmDomains:list': account,
  'realmDomains:add': z
    .object({
      accountId,
      domain: noNul(255).trim().min(1, 'Type a domain, like example.com.'),
      allowSubdomains: z.boolean(),
    })
    .strict(),
  'realmDomains:remove': z.object({ accountId, domain: noNul(255).min(1) }).strict(),
  'userDefaults:get': account,
  'bots:list': account,
  'bots:create': z
    .object({
      accountId,
      fullName: noNul(100).trim().min(1, 'Name the bot.'),
      shortName: noNul(100)
        .trim()
        .min(1, 'Give the bot a username.')
        .regex(/^[A-Za-z0-9._+-]+$/, 'A bot username may have letters, digits and . _ + - only.'),
    })
    .strict(),
  'bots:deactivate': z.object({ accountId, userId: id }).strict(),
  'typing:edit': z.object({ accountId, messageId: id, op: z.enum(['start', 'stop']) }).strict(),
  'attachments:list': account,
  'attachments:delete': z.object({ accountId, id }).strict(),
  'userDefaults:update': z
    .object({
      accountId,
      changes: z
        .record(
          z.string().regex(/^[a-z0-9_]{1,100}$/, 'a setting name'),
          z.union([z.string().max(10_000), z.number(), z.boolean()]),
        )
        .refine((c) => Object.keys(c).length > 0, 'name at least one setting'),
    })
    .strict(),
  'emoji:deactivate': z
    .object({ accountId, name: z.string().min(1, 'Name the emoji to deactivate.').max(100) })
    .strict(),
  'alertWords:add': z
    .object({
      accountId,
      words: z
        .array(
          noNul(1000)
            .trim()
            .min(1, 'Type a word or phrase.')
            .refine((w) => [...w].length <= 100, 'An alert word has at most 100 characters.'),
        )
        .min(1)
        .max(100),
    })
    .strict(),
  'alertWords:remove': z.object({ accountId, words: z.array(noNul(1000)).min(1).max(1000) }).strict(),
} satisfies { [N in keyof RecordCalls]: z.ZodType<CallArgs<N>, unknown> };

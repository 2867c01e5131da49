/** Argument schemas of the administration calls (common/ipc/admin-contract.ts); spread into ./schemas.ts. */
import * as z from 'zod';
import type { AdminCalls } from '../../common/ipc/admin-contract';
import type { CallArgs } from '../../common/ipc/contract';

const accountId = z.string().min(1).max(100);
const id = z.number().int().positive();
const role = z.union([z.literal(100), z.literal(200), z.literal(300), z.literal(400), z.literal(600)]);
/** Zulip's own limits: 60 characters for a folder name, 1,024 for its description. */
const folderName = z.string().trim().min(1, 'Enter a name for the folder.').max(60);

export const adminCallSchemas = {
  'users:setRole': z.object({ accountId, userId: id, role }).strict(),
  'users:deactivate': z.object({ accountId, userId: id }).strict(),
  'users:reactivate': z.object({ accountId, userId: id }).strict(),
  'folders:update': z
    .object({
      accountId,
      folderId: id,
      name: folderName.optional(),
      description: z.string().max(1024).optional(),
      isArchived: z.boolean().optional(),
    })
    .strict(),
  'folders:move': z.object({ accountId, folderId: id, by: z.union([z.literal(-1), z.literal(1)]) }).strict(),
  'invites:list': z.object({ accountId }).strict(),
  'invites:send': z
    .object({
      accountId,
      emails: z.array(z.string().trim().min(1).max(254)).min(1, 'Enter at least one email address.').max(500),
      channelIds: z.array(id).max(1000),
      inviteAs: role,
      expiresInMinutes: z
        .number()
        .int()
        .min(1)
        .max(100 * 365 * 24 * 60)
        .nullable(),
      groupIds: z.array(id).max(1000).optional(),
    })
    .strict(),
  'invites:revoke': z.object({ accountId, id, isLink: z.boolean() }).strict(),
  'invites:resend': z.object({ accountId, id }).strict(),
} satisfies { [N in keyof AdminCalls]: z.ZodType<CallArgs<N>, unknown> };

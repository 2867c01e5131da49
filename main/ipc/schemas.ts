/**
 * Runtime checks of every call's arguments, one schema per name in common/ipc/contract.ts.
 * Whatever arrives over a transport is untrusted: unknown keys are refused, sizes bounded.
 */
import * as z from 'zod';
import type { CallArgs, CallName } from '../../common/ipc/contract';
import { narrowSchema } from '../store/narrows';
import { messageCallSchemas } from './message-schemas';
import { recordCallSchemas } from './record-schemas';
import { scheduledCallSchemas } from './scheduled-schemas';
import { adminCallSchemas } from './admin-schemas';
import { uploadCallSchemas } from './upload-schemas';
import { conversationCallSchemas } from './conversation-schemas';

const accountId = z.string().min(1).max(100);
/** Zulip's own limits are far below these; they only stop absurd payloads before any work. */
const MAX_CONTENT = 200_000;
const MAX_WINDOW = 1000;

const anchorSchema = z.union([z.number().int().nonnegative(), z.enum(['newest', 'oldest', 'first_unread'])]);

const composeTargetSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('channel'), channelId: z.number().int().positive(), topic: z.string().max(1000) })
    .strict(),
  z
    .object({
      kind: z.literal('dm'),
      userIds: z
        .array(z.number().int().positive())
        .max(100)
        .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
    })
    .strict(),
]);

export const callSchemas = {
  'app:state': z.object({}).strict(),
  'server:probe': z.object({ url: z.string().min(1, 'Enter the address of your organization.').max(2000) }).strict(),
  'server:acceptInsecure': z.object({ url: z.string().min(1).max(2000) }).strict(),
  'account:signIn': z
    .object({
      url: z.string().min(1, 'Enter the address of your organization.').max(2000),
      email: z.string().trim().min(1, 'Enter your email address.').max(320),
      password: z.string().min(1, 'Enter your password.').max(1000),
    })
    .strict(),
  'account:signOut': z.object({ accountId, keepCache: z.boolean().optional() }).strict(),
  'account:signInWithKey': z
    .object({
      url: z.string().min(1, 'Enter the address of your organization.').max(2000),
      email: z.string().trim().min(1, 'Enter your email address.').max(320),
      apiKey: z.string().min(1, 'Paste your API key.').max(1000),
    })
    .strict(),
  // A zuliprc is a few hundred bytes; main/auth refuses anything that is not one with a clear message.
  'account:importZuliprc': z
    .object({
      text: z
        .string()
        .min(1, 'The zuliprc file is empty.')
        .max(64 * 1024),
    })
    .strict(),
  'account:ssoStart': z
    .object({
      url: z.string().min(1, 'Enter the address of your organization.').max(2000),
      method: z.string().min(1).max(100).optional(),
    })
    .strict(),
  'account:ssoComplete': z.object({ url: z.string().min(1).max(4000) }).strict(),
  'account:switch': z.object({ accountId }).strict(),
  'outbox:edit': z
    .object({
      accountId,
      localId: z.string().min(1).max(100),
      content: z.string().max(MAX_CONTENT),
      to: composeTargetSchema.optional(),
    })
    .strict(),
  'outbox:discard': z.object({ accountId, localId: z.string().min(1).max(100) }).strict(),
  'notify:setDoNotDisturb': z.object({ enabled: z.boolean() }).strict(),
  'sidebar:get': z.object({ accountId }).strict(),
  'messages:page': z
    .object({
      accountId,
      narrow: narrowSchema,
      anchor: anchorSchema,
      before: z.number().int().min(0).max(MAX_WINDOW),
      after: z.number().int().min(0).max(MAX_WINDOW),
      cacheFirst: z.boolean().optional(),
    })
    .strict(),
  'compose:send': z.object({ accountId, to: composeTargetSchema, content: z.string().max(MAX_CONTENT) }).strict(),
  'view:open': z.object({ accountId, narrow: narrowSchema }).strict(),
  'messages:raw': z.object({ accountId, messageId: z.number().int().positive() }).strict(),
  'messages:history': z.object({ accountId, messageId: z.number().int().positive() }).strict(),
  'drafts:forNarrow': z.object({ accountId, narrow: narrowSchema }).strict(),
  ...messageCallSchemas,
  ...recordCallSchemas,
  ...scheduledCallSchemas,
  ...uploadCallSchemas,
  ...adminCallSchemas,
  ...conversationCallSchemas,
} satisfies { [N in CallName]: z.ZodType<CallArgs<N>, unknown> };

/** The first problem, as a sentence; never echoes the value (it may be a password). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid arguments.';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

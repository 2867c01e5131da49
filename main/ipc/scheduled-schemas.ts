/** Argument schemas of the scheduled-message and reminder calls; spread into ./schemas.ts. */
import * as z from 'zod';
import type { CallArgs } from '../../common/ipc/contract';
import type { ScheduledCalls } from '../../common/ipc/scheduled-contract';

const accountId = z.string().min(1).max(100);
const id = z.number().int().positive();
/** Unix seconds; a time before 2001 or past 2286 is not something a menu offers. */
const at = z.number().int().min(1_000_000_000).max(9_999_999_999);
const MAX_CONTENT = 200_000;

const target = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('channel'), channelId: id, topic: z.string().max(1000) }).strict(),
  z.object({ kind: z.literal('dm'), userIds: z.array(id).min(1).max(100) }).strict(),
]);

export const scheduledCallSchemas = {
  'scheduled:list': z.object({ accountId }).strict(),
  'scheduled:create': z
    .object({ accountId, to: target, content: z.string().trim().min(1, 'Write a message first.').max(MAX_CONTENT), at })
    .strict(),
  'scheduled:update': z
    .object({ accountId, id, content: z.string().trim().min(1).max(MAX_CONTENT).optional(), at: at.optional() })
    .strict(),
  'scheduled:delete': z.object({ accountId, id }).strict(),
  'reminders:create': z.object({ accountId, messageId: id, at, note: z.string().max(1000).optional() }).strict(),
  'reminders:delete': z.object({ accountId, id }).strict(),
} satisfies { [N in keyof ScheduledCalls]: z.ZodType<CallArgs<N>, unknown> };

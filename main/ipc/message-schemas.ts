/** Argument schemas of the message calls (common/ipc/messages-contract.ts); spread into ./schemas.ts. */
import * as z from 'zod';
import type { CallArgs } from '../../common/ipc/contract';
import type { MessageCalls } from '../../common/ipc/messages-contract';
import { narrowSchema } from '../store/narrows';

const accountId = z.string().min(1).max(100);
const messageId = z.number().int().positive();
/** More IDs than this at once is not something the UI does; the API batches whatever it gets. */
const MAX_IDS = 10_000;
const MAX_CONTENT = 200_000;
const MAX_TOPIC = 1000;

const markReadScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('messages'), ids: z.array(messageId).min(1).max(MAX_IDS) }).strict(),
  z.object({ kind: z.literal('topic'), channelId: messageId, topic: z.string().max(MAX_TOPIC) }).strict(),
  z.object({ kind: z.literal('channel'), channelId: messageId }).strict(),
  z.object({ kind: z.literal('all') }).strict(),
  z.object({ kind: z.literal('dm'), userIds: z.array(messageId).max(100) }).strict(),
]);

const emoji = z
  .object({ name: z.string().min(1).max(200), code: z.string().min(1).max(200), type: z.string().min(1).max(50) })
  .strict();

const edit = z
  .object({
    content: z.string().max(MAX_CONTENT).optional(),
    topic: z.string().max(MAX_TOPIC).optional(),
    channelId: messageId.optional(),
    propagateMode: z.enum(['change_one', 'change_later', 'change_all']).optional(),
    notifyOldThread: z.boolean().optional(),
    notifyNewThread: z.boolean().optional(),
  })
  .strict();

const typingTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('channel'), channelId: messageId, topic: z.string().max(MAX_TOPIC) }).strict(),
  z
    .object({
      kind: z.literal('dm'),
      userIds: z
        .array(messageId)
        .max(100)
        .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
    })
    .strict(),
]);

export const messageCallSchemas = {
  'messages:markRead': z.object({ accountId, scope: markReadScope, seen: z.boolean().optional() }).strict(),
  'messages:star': z
    .object({ accountId, messageIds: z.array(messageId).min(1).max(MAX_IDS), starred: z.boolean() })
    .strict(),
  'messages:react': z.object({ accountId, messageId, emoji, op: z.enum(['add', 'remove']) }).strict(),
  'messages:edit': z.object({ accountId, messageId, edit }).strict(),
  'messages:delete': z.object({ accountId, messageId }).strict(),
  'search:query': z
    .object({
      accountId,
      query: z.string().trim().min(1, 'Type something to search for.').max(2000),
      below: messageId.optional(),
      limit: z.number().int().min(1).max(1000).optional(),
      phase: z.enum(['cache', 'merged']).optional(),
    })
    .strict(),
  'typing:set': z.object({ accountId, to: typingTarget, op: z.enum(['start', 'stop']) }).strict(),
  'unreads:get': z.object({ accountId }).strict(),
  'messages:render': z.object({ accountId, content: z.string().min(1, 'Nothing to preview.').max(200_000) }).strict(),
  'messages:markUnread': z.object({ accountId, narrow: narrowSchema, fromId: messageId }).strict(),
} satisfies { [N in keyof MessageCalls]: z.ZodType<CallArgs<N>, unknown> };

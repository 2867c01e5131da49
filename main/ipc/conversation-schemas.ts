/** Argument schemas of the conversation-row calls (common/ipc/conversations-contract.ts); spread into ./schemas.ts. */
import * as z from 'zod';
import type { CallArgs } from '../../common/ipc/contract';
import { MAX_DETAIL_CONVERSATIONS, type ConversationCalls } from '../../common/ipc/conversations-contract';
import { narrowSchema } from '../store/narrows';

export const conversationCallSchemas = {
  'conversations:details': z
    .object({
      accountId: z.string().min(1).max(100),
      conversations: z.array(narrowSchema).max(MAX_DETAIL_CONVERSATIONS),
    })
    .strict(),
} satisfies { [N in keyof ConversationCalls]: z.ZodType<CallArgs<N>, unknown> };

/** Argument schemas of the upload calls (common/ipc/uploads-contract.ts); spread into ./schemas.ts. */
import * as z from 'zod';
import type { CallArgs } from '../../common/ipc/contract';
import { UPLOAD_CHUNK_BYTES, type UploadCalls } from '../../common/ipc/uploads-contract';

const accountId = z.string().min(1).max(100);
const uploadId = z.uuid();
/** Base64 of one chunk: 4 characters per 3 bytes, padded. */
const MAX_CHUNK_CHARS = Math.ceil(UPLOAD_CHUNK_BYTES / 3) * 4;

export const uploadCallSchemas = {
  'uploads:start': z
    .object({
      accountId,
      name: z.string().min(1, 'The file has no name.').max(1000),
      type: z.string().max(255),
      size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
      purpose: z.enum(['file', 'emoji']).optional(),
    })
    .strict(),
  'uploads:chunk': z
    .object({
      uploadId,
      offset: z.number().int().nonnegative(),
      base64: z
        .string()
        .max(MAX_CHUNK_CHARS)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
    })
    .strict(),
  'uploads:send': z.object({ uploadId }).strict(),
  'uploads:sendEmoji': z.object({ uploadId, name: z.string().min(1, 'Name the emoji.').max(100) }).strict(),
  'uploads:cancel': z.object({ uploadId }).strict(),
  'uploads:viewUrl': z
    .object({
      accountId,
      path: z
        .string()
        .regex(/^\/user_uploads\/[^?#]+$/, 'must be a /user_uploads/ path')
        .max(2000),
    })
    .strict(),
} satisfies { [N in keyof UploadCalls]: z.ZodType<CallArgs<N>, unknown> };

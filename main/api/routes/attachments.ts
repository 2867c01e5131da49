/** The user's own uploads (Settings → Uploaded files). */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { Attachment } from '../schemas/records';
import { SuccessEnvelope } from '../schemas/common';

const AttachmentsResponse = SuccessEnvelope.extend({ attachments: z.array(Attachment) });

/** GET /attachments: every file the user uploaded, with the messages that link to it. */
export async function getAttachments(client: ApiClient, opts: RequestOptions = {}): Promise<Attachment[]> {
  return (await client.request('GET', '/attachments', {}, AttachmentsResponse, opts)).attachments;
}

/** DELETE /attachments/{id}: the file is gone and links to it stop working. */
export async function deleteAttachment(client: ApiClient, id: number, opts: RequestOptions = {}): Promise<void> {
  await client.request('DELETE', `/attachments/${id}`, {}, SuccessEnvelope, opts);
}

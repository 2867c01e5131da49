/** Message preview (Zulip's POST /messages/render). */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';

/** POST /messages/render: the HTML the server would give a message with this content. */
export async function renderMessage(client: ApiClient, content: string, opts: RequestOptions = {}): Promise<string> {
  const answer = await client.request(
    'POST',
    '/messages/render',
    { content },
    SuccessEnvelope.extend({ rendered: z.string() }),
    opts,
  );
  return answer.rendered;
}

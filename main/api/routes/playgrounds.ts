/** Code playgrounds (administrators manage them). */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';

const CreatePlaygroundResponse = SuccessEnvelope.extend({ id: z.number().int() });

/** POST /realm/playgrounds: url_template is RFC 6570 with exactly one variable, {code}. Returns the ID. */
export async function createPlayground(
  client: ApiClient,
  params: { name: string; pygments_language: string; url_template: string },
  opts: RequestOptions = {},
): Promise<number> {
  return (await client.request('POST', '/realm/playgrounds', { ...params }, CreatePlaygroundResponse, opts)).id;
}

/** DELETE /realm/playgrounds/{playground_id}. */
export async function deletePlayground(
  client: ApiClient,
  playgroundId: number,
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('DELETE', `/realm/playgrounds/${playgroundId}`, {}, SuccessEnvelope, opts);
}

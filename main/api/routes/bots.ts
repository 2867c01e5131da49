/** Bots the user administers: created (POST /bots) and deactivated (DELETE /bots/{id}). */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';

const CreatedBot = SuccessEnvelope.extend({ user_id: z.number().int(), api_key: z.string() });

/**
 * POST /bots: a generic bot owned by the user. The answer holds the bot's API key, which the
 * caller hands to the person once and keeps nowhere.
 */
export async function createBot(
  client: ApiClient,
  fullName: string,
  shortName: string,
  opts: RequestOptions = {},
): Promise<{ userId: number; apiKey: string }> {
  const params = { full_name: fullName, short_name: shortName, bot_type: 1 };
  const r = await client.request('POST', '/bots', params, CreatedBot, opts);
  return { userId: r.user_id, apiKey: r.api_key };
}

/** DELETE /bots/{bot_id}: deactivates the bot (its owner or an administrator). */
export async function deactivateBot(client: ApiClient, botId: number, opts: RequestOptions = {}): Promise<void> {
  await client.request('DELETE', `/bots/${botId}`, {}, SuccessEnvelope, opts);
}

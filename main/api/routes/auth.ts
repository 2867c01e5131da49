/** Signing in with a password. */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';
import { getOwnUser } from './users';

const ApiKeyResponse = SuccessEnvelope.extend({
  api_key: z.string().min(1),
  email: z.string(),
  /** FL 171; older servers leave it out. */
  user_id: z.number().int().optional(),
});

export interface FetchedApiKey {
  api_key: string;
  /** The API email to authenticate with (may differ from what the user typed). */
  email: string;
  user_id: number;
}

/**
 * POST /fetch_api_key: trades a username (usually the email) and password for the API key.
 * Sends no credentials. Servers below FL 171 do not say the user ID; then it is read with
 * GET /users/me using the new key, so callers always get one.
 */
export async function fetchApiKey(
  client: ApiClient,
  credentials: { username: string; password: string },
  opts: Omit<RequestOptions, 'auth'> = {},
): Promise<FetchedApiKey> {
  const res = await client.request('POST', '/fetch_api_key', credentials, ApiKeyResponse, { ...opts, auth: false });
  if (res.user_id !== undefined) return { api_key: res.api_key, email: res.email, user_id: res.user_id };
  const me = await getOwnUser(client.withAuth({ email: res.email, apiKey: res.api_key }), opts);
  return { api_key: res.api_key, email: res.email, user_id: me.user_id };
}

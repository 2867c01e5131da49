/** The user's own settings. */
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';

/**
 * PATCH /settings: changes one or more settings (names as in register's user_settings).
 * Changes reach every client of the user as user_settings events.
 */
export async function updateSettings(
  client: ApiClient,
  settings: Record<string, string | number | boolean>,
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('PATCH', '/settings', { ...settings }, SuccessEnvelope, opts);
}

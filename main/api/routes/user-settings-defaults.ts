/** The organization's default settings for new users (administrators change them). */
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';

/** PATCH /realm/user_settings_defaults: names and values as in register's realm_user_settings_defaults. */
export async function updateUserSettingsDefaults(
  client: ApiClient,
  changes: Record<string, string | number | boolean>,
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('PATCH', '/realm/user_settings_defaults', { ...changes }, SuccessEnvelope, opts);
}

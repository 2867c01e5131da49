/** Custom emoji (Zulip's realm_emoji). */
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';

/** DELETE /realm/emoji/{emoji_name}: deactivates it (administrators, or its author). */
export async function deactivateCustomEmoji(client: ApiClient, name: string, opts: RequestOptions = {}): Promise<void> {
  await client.request('DELETE', `/realm/emoji/${encodeURIComponent(name)}`, {}, SuccessEnvelope, opts);
}

/** Server-level routes that need no account. */
import type { ApiClient, RequestOptions } from '../client';
import { ServerSettings } from '../schemas/server';

/** GET /server_settings: capabilities, version and login methods; never sends credentials. */
export function getServerSettings(client: ApiClient, opts: Omit<RequestOptions, 'auth'> = {}): Promise<ServerSettings> {
  return client.request('GET', '/server_settings', {}, ServerSettings, { ...opts, auth: false });
}

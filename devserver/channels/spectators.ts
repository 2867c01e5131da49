import type { App } from '../app';
import { GroupGraph } from '../groups/graph';
import { webPublicEnabled } from './options';

/**
 * Zulip's allow_web_public_streams_access: spectators (no account) may read the organization when
 * web-public channels are enabled (server setting and enable_spectator_access) and at least one
 * live channel is web-public. This is server_settings' realm_web_public_access_enabled.
 */
export function webPublicAccessEnabled(app: App): boolean {
  // Asked by every GET /server_settings: no need to load the organization's groups when the
  // server setting is off.
  if (!app.options.webPublicStreams) return false;
  if (!webPublicEnabled(app, GroupGraph.load(app.store))) return false;
  return app.store.channels.all().some((channel) => channel.is_web_public === 1 && channel.is_archived === 0);
}

/**
 * The organization's new_stream_announcements_stream: Zulip points it at the channel created
 * with the organization; here, the oldest public channel that is not archived (-1: none).
 */
export function announcementsChannelId(app: App): number {
  const channel = app.store.channels.all().find((row) => row.invite_only === 0 && row.is_archived === 0);
  return channel?.id ?? -1;
}

import type { App } from '../app';
import { LEGACY_DISPLAY_SETTINGS, LEGACY_NOTIFICATION_SETTINGS } from '../settings/user_properties';
import { formatFolder } from '../views/folders';

/**
 * channel_folders (archived ones too, so clients can name a channel's folder), and the default
 * channels: realm_default_streams as channel IDs (objects before feature level 330),
 * realm_default_stream_groups (none here).
 */
export function channelExtrasState(app: App, want: (type: string) => boolean): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  if (want('channel_folders')) state['channel_folders'] = app.store.folders.all().map(formatFolder);
  if (want('default_streams')) {
    state['realm_default_streams'] = app.store.channels
      .all()
      .filter((channel) => channel.is_default === 1 && channel.is_archived === 0)
      .map((channel) => channel.id);
  }
  if (want('default_stream_groups')) state['realm_default_stream_groups'] = [];
  return state;
}

/**
 * Effects of client capabilities on user data. Without user_settings_object, the display and
 * notification settings are repeated at the top level (Zulip's legacy copies). With
 * user_avatar_url_field_optional, realm_users omits avatar_url for long-idle people (no message
 * in 180 days, our stand-in for Zulip's long_term_idle); clients then build the URL themselves.
 */
export function capabilityEffects(
  app: App,
  state: Record<string, unknown>,
  settings: Record<string, unknown>,
  capabilities: Readonly<Record<string, boolean>>,
  want: (type: string) => boolean,
): void {
  if (capabilities['user_settings_object'] !== true) {
    for (const [name, value] of Object.entries(settings)) {
      const display = LEGACY_DISPLAY_SETTINGS.has(name) && want('update_display_settings');
      const notification = LEGACY_NOTIFICATION_SETTINGS.has(name) && want('update_global_notifications');
      if (display || notification) state[name] = value;
    }
  }
  const users = state['realm_users'];
  if (capabilities['user_avatar_url_field_optional'] === true && Array.isArray(users)) {
    const since = Math.floor(Date.now() / 1000) - 180 * 86_400;
    const active = app.store.channels.recentSenders(since);
    for (const user of users as Array<Record<string, unknown>>) {
      const id = user['user_id'] as number;
      if (!active.has(id)) delete user['avatar_url'];
    }
  }
}

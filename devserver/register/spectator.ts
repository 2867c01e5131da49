import type { App } from '../app';
import { channelViewContext } from '../events/channel_events';
import { CHANNEL_COLORS } from '../seed/builder';
import type { SubscriptionRow } from '../store/rows';
import { formatChannel, formatSubscription } from '../views/channels';
import { formatFolder } from '../views/folders';
import { formatGroup } from '../views/groups';
import { formatSystemBot, formatUser, type UserViewOptions } from '../views/users';
import { realmState } from './realm_state';
import { DEFAULT_SETTINGS } from './user_settings';

/**
 * POST /register without an account, in an organization open to spectators: the organization,
 * its people (no private emails), and its web-public channels, presented (as Zulip does) as
 * subscriptions with default personal settings. Everything personal is empty.
 */
export function spectatorState(
  app: App,
  fetchTypes: ReadonlySet<string> | null,
  serverGeneration: number,
): Record<string, unknown> {
  const want = (type: string): boolean => fetchTypes === null || fetchTypes.has(type);
  const ctx = channelViewContext(app);
  const channels = app.store.channels
    .all()
    .filter((channel) => channel.is_web_public === 1 && channel.is_archived === 0);
  const groups = app.store.groups.all();
  const state: Record<string, unknown> = {};
  if (want('realm')) Object.assign(state, realmState(app, groups, serverGeneration));
  if (want('realm_user')) {
    const options: UserViewOptions = {
      viewer: null,
      realm: app.store.realm.get(),
      baseUrl: app.baseUrl,
      includeProfileData: false,
      includeIsActive: false,
    };
    const users = app.store.users.all();
    // Real addresses stay private to accounts, whatever their owners' visibility settings.
    state['realm_users'] = users
      .filter((u) => u.is_active === 1 && u.is_system_bot === 0)
      .map((u) => ({ ...formatUser(u, options), delivery_email: null }));
    state['realm_non_active_users'] = [];
    state['cross_realm_bots'] = users.filter((u) => u.is_system_bot === 1).map((u) => formatSystemBot(u, options));
  }
  if (want('realm_user_groups'))
    state['realm_user_groups'] = groups.filter((g) => g.deactivated === 0).map(formatGroup);
  if (want('stream')) state['streams'] = channels.map((channel) => formatChannel(channel, ctx));
  if (want('subscription')) {
    state['subscriptions'] = channels.map((channel, index) => {
      const sub: SubscriptionRow = {
        user_id: 0,
        channel_id: channel.id,
        active: 1,
        color: CHANNEL_COLORS[index % CHANNEL_COLORS.length] ?? '#76ce90',
        is_muted: 0,
        pin_to_top: 0,
        desktop_notifications: null,
        email_notifications: null,
        push_notifications: null,
        audible_notifications: null,
        wildcard_mentions_notify: null,
      };
      return formatSubscription(channel, sub, ctx, null);
    });
    state['unsubscribed'] = [];
    state['never_subscribed'] = [];
  }
  if (want('channel_folders')) {
    const used = new Set(channels.map((channel) => channel.folder_id));
    state['channel_folders'] = app.store.folders
      .all()
      .filter((folder) => used.has(folder.id))
      .map(formatFolder);
  }
  if (want('message')) state['max_message_id'] = app.store.messages.maxId();
  if (want('message') && want('update_message_flags')) {
    state['unread_msgs'] = { count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false };
  }
  if (want('recent_private_conversations')) state['recent_private_conversations'] = [];
  if (want('starred_messages')) state['starred_messages'] = [];
  if (want('drafts')) state['drafts'] = [];
  if (want('user_topic')) state['user_topics'] = [];
  if (want('user_settings')) state['user_settings'] = { ...DEFAULT_SETTINGS };
  return state;
}

import { realmEmojiState } from '../messaging/realm_emoji';
import { formatLinkifiers } from '../views/linkifiers';
import { nowSeconds, type App } from '../app';
import { systemGroupNames } from '../channels/post_policy';
import type { UserRow } from '../store/rows';
import { accessibleUserIds, inaccessibleUser } from '../accounts/user_access';
import { realmPresences, type PresenceQuery } from '../presence/format';
import { formatGroup } from '../views/groups';
import { avatarUrl, formatSystemBot, formatUser, type UserViewOptions } from '../views/users';
import { capabilityEffects, channelExtrasState } from './channel_extras';
import { realmState } from './realm_state';
import { recordsState } from './records';
import { streamsState, subscriptionState, type IncludeSubscribers } from './subscriptions';
import { recentDirectState, unreadState } from './unreads';
import { notificationDefaults, userSettings } from './user_settings';
import { mutedTopicsState, userTopicsState } from './user_topics';

export interface InitialStateOptions {
  /** null: every fetch type. */
  fetchTypes: ReadonlySet<string> | null;
  includeSubscribers: IncludeSubscribers;
  capabilities: Readonly<Record<string, boolean>>;
  serverGeneration: number;
  /** slim_presence and presence_history_limit_days. */
  presence: Omit<PresenceQuery, 'lastUpdateId'>;
}

const FOUR_WEEKS = 28 * 86_400;

/**
 * The initial data of POST /register, one block per fetch type as Zulip gates them. Areas this
 * server does not implement yet (muted users, custom emoji, linkifiers, statuses) report the
 * empty state they truly have here.
 */
export function initialState(app: App, user: UserRow, opts: InitialStateOptions): Record<string, unknown> {
  const want = (type: string): boolean => opts.fetchTypes === null || opts.fetchTypes.has(type);
  const state: Record<string, unknown> = {};
  const realm = app.store.realm.get();
  const settings = userSettings(user);
  const emptyTopicName = opts.capabilities['empty_topic_name'] === true;
  const topicName = (topic: string): string =>
    topic === '' && !emptyTopicName ? realm.empty_topic_display_name : topic;
  const groups = app.store.groups.all();
  const now = nowSeconds();
  const channelCtx = {
    now,
    stats: app.store.messages.channelStats(now - FOUR_WEEKS),
    subscribers: app.store.channels.subscriberMap(),
    systemGroups: systemGroupNames(groups),
  };

  if (want('alert_words')) state['alert_words'] = app.store.records.alertWords.forUser(user.id);
  Object.assign(state, recordsState(app, user, want));
  if (want('message')) state['max_message_id'] = app.store.messages.maxId();
  if (want('muted_topics')) state['muted_topics'] = mutedTopicsState(app, user.id, topicName);
  if (want('muted_users')) state['muted_users'] = [];
  if (want('user_topic')) state['user_topics'] = userTopicsState(app, user.id, topicName);
  if (want('presence')) {
    const found = realmPresences(app, { ...opts.presence, lastUpdateId: undefined }, Date.now() / 1000);
    state['presences'] = found.presences;
    state['presence_last_update_id'] = found.lastUpdateId;
    state['server_timestamp'] = Date.now() / 1000;
  }
  if (want('realm')) Object.assign(state, realmState(app, groups, opts.serverGeneration));
  if (want('realm_emoji')) state['realm_emoji'] = realmEmojiState(app);
  if (want('realm_linkifiers')) {
    state['realm_linkifiers'] = opts.capabilities['linkifier_url_template'] === true ? formatLinkifiers(app) : [];
  }
  if (want('realm_filters')) state['realm_filters'] = [];
  Object.assign(state, channelExtrasState(app, want));
  if (want('push_device')) state['push_devices'] = app.push.devicesOf(user.id);
  if (want('user_status')) state['user_status'] = {};
  if (want('realm_user_groups')) {
    const includeDeactivated = opts.capabilities['include_deactivated_groups'] === true;
    state['realm_user_groups'] = groups
      .filter((group) => includeDeactivated || group.deactivated === 0)
      .map(formatGroup);
  }
  if (want('realm_user'))
    Object.assign(state, usersState(app, user, opts.capabilities['user_list_incomplete'] === true));
  if (want('recent_private_conversations')) state['recent_private_conversations'] = recentDirectState(app, user.id);
  if (want('starred_messages')) state['starred_messages'] = app.store.userState.starred(user.id);
  const archived = opts.capabilities['archived_channels'] === true;
  if (want('stream')) state['streams'] = streamsState(app, user, channelCtx, archived);
  if (want('subscription')) {
    const defaults = opts.capabilities['notification_settings_null'] === true ? null : notificationDefaults(settings);
    Object.assign(state, subscriptionState(app, user, channelCtx, opts.includeSubscribers, defaults, archived));
  }
  if (want('message') && want('update_message_flags')) state['unread_msgs'] = unreadState(app, user.id, topicName);
  if (want('user_settings')) state['user_settings'] = settings;
  capabilityEffects(app, state, settings, opts.capabilities, want);
  return state;
}

/**
 * realm_users, realm_non_active_users, cross_realm_bots and the caller's own identity. People a
 * limited guest may not access are left out with user_list_incomplete, else sent as Zulip's
 * "Unknown user" stand-ins (active, so in realm_users).
 */
function usersState(app: App, user: UserRow, listIncomplete: boolean): Record<string, unknown> {
  const options: UserViewOptions = {
    viewer: user,
    realm: app.store.realm.get(),
    baseUrl: app.baseUrl,
    includeProfileData: true,
    includeIsActive: false,
    profileData: app.store.records.profileFields.valuesByUser(),
  };
  const all = app.store.users.all();
  const own = formatUser(user, options);
  const reachable = accessibleUserIds(app, user);
  const accessible = (u: UserRow): boolean => reachable === null || u.is_bot === 1 || reachable.has(u.id);
  const people = all.filter((u) => u.is_system_bot === 0);
  const standIns = listIncomplete ? [] : people.filter((u) => !accessible(u)).map((u) => inaccessibleUser(app, u.id));
  return {
    realm_users: people
      .filter((u) => u.is_active === 1 && accessible(u))
      .map((u) => formatUser(u, options))
      .concat(standIns),
    realm_non_active_users: people.filter((u) => u.is_active === 0 && accessible(u)).map((u) => formatUser(u, options)),
    cross_realm_bots: all.filter((u) => u.is_system_bot === 1).map((u) => formatSystemBot(u, options)),
    user_id: user.id,
    email: own['email'],
    delivery_email: user.delivery_email,
    full_name: user.full_name,
    is_owner: own['is_owner'],
    is_admin: own['is_admin'],
    is_moderator: user.role === 300,
    is_guest: own['is_guest'],
    avatar_source: 'U',
    avatar_url: avatarUrl(app.baseUrl, user),
    avatar_url_medium: avatarUrl(app.baseUrl, user, 'medium'),
    can_create_streams: user.role <= 400,
    can_subscribe_other_users: user.role <= 400,
    can_invite_others_to_realm: user.role <= 400,
  };
}

import type { App } from '../app';
import { announcementsChannelId } from '../channels/spectators';
import { LIMITS } from '../limits';
import { realmOverridesState } from './realm_overrides';
import { EMOJI_API_PATH } from '../markdown/emoji_catalog';
import { realmIconUrl } from '../routes/server_settings';
import type { GroupWithMembers } from '../store/groups';

/** System group IDs by name ("role:members" → 3), for realm permission settings. */
export function systemGroupIds(groups: GroupWithMembers[]): Record<string, number> {
  return Object.fromEntries(
    groups.filter((group) => group.is_system_group === 1).map((group) => [group.name, group.id]),
  );
}

/**
 * The `realm` part of POST /register: organization settings, limits and server timings. Group
 * permission settings point at the system groups, with Zulip's default choices.
 */
export function realmState(app: App, groups: GroupWithMembers[], serverGeneration: number): Record<string, unknown> {
  const realm = app.store.realm.get();
  const group = systemGroupIds(groups);
  const id = (name: string): number | null => group[name] ?? null;
  return {
    realm_name: realm.name,
    realm_description: realm.description,
    realm_url: app.baseUrl,
    realm_uri: app.baseUrl,
    realm_icon_url: realmIconUrl(app),
    realm_icon_source: 'U',
    realm_date_created: realm.date_created,
    realm_topics_policy: realm.topics_policy,
    realm_mandatory_topics: realm.topics_policy === 'disable_empty_topic',
    realm_empty_topic_display_name: realm.empty_topic_display_name,
    realm_allow_message_editing: true,
    realm_allow_edit_history: true,
    realm_message_content_edit_limit_seconds: 600,
    realm_message_content_delete_limit_seconds: null,
    realm_move_messages_within_stream_limit_seconds: 604800,
    realm_move_messages_between_streams_limit_seconds: 604800,
    realm_message_retention_days: -1,
    realm_waiting_period_threshold: 0,
    realm_default_language: 'en',
    realm_presence_disabled: false,
    realm_push_notifications_enabled: app.push.configured,
    realm_push_notifications_enabled_end_timestamp: null,
    realm_require_e2ee_push_notifications: false,
    realm_enable_spectator_access: app.options.spectatorAccess,
    realm_new_stream_announcements_stream_id: announcementsChannelId(app),
    realm_is_zephyr_mirror_realm: false,
    realm_inline_image_preview: true,
    realm_inline_url_embed_preview: false,
    realm_enable_read_receipts: true,
    realm_plan_type: 1,
    realm_org_type: 0,
    realm_can_access_all_users_group: id('role:everyone'),
    realm_can_create_public_channel_group: id('role:members'),
    realm_can_create_private_channel_group: id('role:members'),
    realm_can_create_web_public_channel_group: id('role:owners'),
    realm_can_create_groups: id('role:members'),
    realm_can_manage_all_groups: id('role:owners'),
    realm_can_invite_users_group: id('role:members'),
    realm_create_multiuse_invite_group: id('role:administrators'),
    realm_can_mention_many_users_group: id('role:administrators'),
    realm_can_add_custom_emoji_group: id('role:members'),
    realm_can_delete_any_message_group: id('role:administrators'),
    realm_can_delete_own_message_group: id('role:everyone'),
    realm_can_move_messages_between_channels_group: id('role:members'),
    realm_can_move_messages_between_topics_group: id('role:everyone'),
    realm_can_resolve_topics_group: id('role:everyone'),
    realm_direct_message_permission_group: id('role:everyone'),
    realm_direct_message_initiator_group: id('role:everyone'),
    ...LIMITS,
    server_generation: serverGeneration,
    event_queue_longpoll_timeout_seconds: app.options.longpollTimeoutSeconds,
    server_typing_started_expiry_period_milliseconds: 15000,
    server_typing_stopped_wait_period_milliseconds: 5000,
    server_typing_started_wait_period_milliseconds: 10000,
    server_presence_ping_interval_seconds: app.options.presencePingIntervalSeconds,
    server_presence_offline_threshold_seconds: app.options.presenceOfflineThresholdSeconds,
    server_inline_image_preview: true,
    server_emoji_data_url: `${app.baseUrl}${EMOJI_API_PATH}`,
    server_inline_url_embed_preview: false,
    server_avatar_changes_disabled: false,
    server_name_changes_disabled: false,
    server_needs_upgrade: false,
    server_web_public_streams_enabled: app.options.webPublicStreams,
    server_jitsi_server_url: null,
    password_min_length: 6,
    password_max_length: 100,
    password_min_guesses: 10000,
    giphy_api_key: '',
    development_environment: false,
    ...realmOverridesState(app, group),
  };
}

/**
 * What Parley asks POST /register for. event_types limits the queue to the families the
 * appliers handle; fetch_event_types asks only for the initial data the snapshot stores.
 */
import type { ClientCapabilities, RegisterParams } from '../api';

/** Event families applied by ./appliers (heartbeat and restart come regardless; listed for clarity). */
export const EVENT_TYPES = [
  'message',
  'update_message',
  'delete_message',
  'update_message_flags',
  'reaction',
  'subscription',
  'realm_user',
  'heartbeat',
  'restart',
];

/**
 * Initial data for the snapshot. unread_msgs needs both message and update_message_flags;
 * realm brings the limits, the empty-topic name and the long-poll timeout.
 */
export const FETCH_EVENT_TYPES = [
  'message',
  'update_message_flags',
  'subscription',
  'realm_user',
  'recent_private_conversations',
  'realm',
];

/**
 * The api-v1.md 4.4 capabilities this core handles. Left out, and why:
 * - user_avatar_url_field_optional: we would have to build avatar URLs for users the server omits.
 * - stream_typing_notifications, simplified_presence_events: typing and presence are not subscribed to yet.
 * - linkifier_url_template: linkifiers are not stored yet, so an empty list is what we want.
 * - include_deactivated_groups: user groups are not stored yet.
 * - archived_channels: the sidebar cannot mark a channel archived yet, so it should not get them.
 */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  // Per-channel notification settings may be null (inherit); they are kept as given.
  notification_settings_null: true,
  // One delete_message event for many messages; the applier takes message_ids.
  bulk_message_deletion: true,
  // No legacy settings events; user_settings events are not applied yet either way.
  user_settings_object: true,
  // Users we may not see are left out; views say "Unknown user" for them.
  user_list_incomplete: true,
  // The empty topic arrives as ""; the sidebar shows realm_empty_topic_display_name for it.
  empty_topic_name: true,
};

export function registerParams(): RegisterParams {
  return {
    apply_markdown: true,
    // We want every avatar URL rather than computing gravatars.
    client_gravatar: false,
    // Subscriber lists are not kept yet; channels with few subscribers would send them anyway.
    include_subscribers: false,
    event_types: EVENT_TYPES,
    fetch_event_types: FETCH_EVENT_TYPES,
    client_capabilities: CLIENT_CAPABILITIES,
  };
}

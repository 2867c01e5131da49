/**
 * What Parley asks POST /register for. event_types limits the queue to the families the
 * appliers handle; fetch_event_types asks only for the initial data the snapshot stores.
 */
import type { ClientCapabilities, RegisterParams } from '../api';
import { supports } from '../api/features';

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
  // Non-message records (main/sync/appliers/records.ts).
  'stream',
  'user_group',
  'drafts',
  'saved_snippets',
  'navigation_view',
  'channel_folder',
  'custom_profile_fields',
  'realm_playgrounds',
  'realm_emoji',
  'realm_linkifiers',
  'realm_domains',
  'realm_user_settings_defaults',
  'realm_bot',
  'typing_edit_message',
  'attachment',
  'user_topic',
  'typing',
  'push_device',
  'user_settings',
  'realm',
  // Who came online, and the user's alert words (./appliers/presence.ts, ./appliers/alert-words.ts).
  'presence',
  'alert_words',
  // Scheduled messages and reminders (./appliers/scheduled.ts).
  'scheduled_messages',
  'reminders',
  // Pending invitations changed (./appliers/records.ts).
  'invites_changed',
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
  // Every starred message ID, so star state and the is:starred search hold for uncached messages.
  'starred_messages',
  // Non-message records (main/sync/snapshot-records.ts). Note the fetch names differ from the
  // event names for groups, folders and navigation views.
  'realm_user_groups',
  'channel_folders',
  'drafts',
  'saved_snippets',
  'navigation_views',
  'custom_profile_fields',
  'realm_playgrounds',
  'realm_emoji',
  'realm_linkifiers',
  'realm_domains',
  'realm_user_settings_defaults',
  'realm_bot',
  'user_topic',
  'user_settings',
  'push_device',
  // Everyone's presence and the user's alert words (main/sync/snapshot-presence.ts).
  'presence',
  'alert_words',
  // Scheduled messages and reminders (main/sync/snapshot-scheduled.ts).
  'scheduled_messages',
  'reminders',
  // Pending invitations changed (./appliers/records.ts).
  'invites_changed',
];

/**
 * The api-v1.md 4.4 capabilities this core handles. Left out, and why:
 * - user_avatar_url_field_optional: we would have to build avatar URLs for users the server omits.
 */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  // Per-channel notification settings may be null (inherit); they are kept as given.
  notification_settings_null: true,
  // One delete_message event for many messages; the applier takes message_ids.
  bulk_message_deletion: true,
  // No legacy settings events: user_settings events carry every change (appliers/user-settings.ts).
  user_settings_object: true,
  // Users we may not see are left out; views say "Unknown user" for them.
  user_list_incomplete: true,
  // The empty topic arrives as ""; the sidebar shows realm_empty_topic_display_name for it.
  empty_topic_name: true,
  // Typing in channels too, not only in DMs (main/records/typing.ts keeps both).
  stream_typing_notifications: true,
  // Deactivated groups are stored with their flag; deactivation arrives as an update, not a removal.
  include_deactivated_groups: true,
  // presence events in the modern format, keyed by user ID (older servers' legacy form is folded in too).
  simplified_presence_events: true,
  // Linkifiers with RFC 6570 url_template (topic names are linkified with them in the interface).
  linkifier_url_template: true,
  // Archived channels stay in the cache with is_archived (archiving is a stream update, not a
  // delete): the sidebar marks them "(archived)" and compose says no one can post there.
  archived_channels: true,
};

/**
 * `featureLevel` is the server's as last known (the last register, or sign-in's server settings):
 * it decides whether the subscriber lists may come partial.
 */
export function registerParams(featureLevel: number): RegisterParams {
  return {
    apply_markdown: true,
    // We want every avatar URL rather than computing gravatars.
    client_gravatar: false,
    // Subscriber lists are kept for the counts and the channel's subscriber list. Since FL 412 a
    // channel of 250 or more people comes with only its bots and recently active people (with
    // subscriber_count for the number), as Zulip advises for big organizations: the whole matrix
    // is megabytes there. The rest are fetched when someone opens that channel's list.
    include_subscribers: supports(featureLevel, 'partialSubscribers') ? 'partial' : true,
    // Presence keyed by user ID in the modern format; two weeks is all an online dot needs.
    slim_presence: true,
    presence_history_limit_days: 14,
    event_types: EVENT_TYPES,
    fetch_event_types: FETCH_EVENT_TYPES,
    client_capabilities: CLIENT_CAPABILITIES,
  };
}

import type { UserRow } from '../store/rows';
import type { NotificationDefaults } from '../views/channels';

/**
 * Defaults for the user_settings object of POST /register: a realistic subset of Zulip's 65 keys,
 * with Zulip's default values. A user's row may override any of them (users.settings JSON).
 */
export const DEFAULT_SETTINGS: Readonly<Record<string, unknown>> = {
  twenty_four_hour_time: false,
  web_mark_read_on_scroll_policy: 1,
  web_channel_default_view: 1,
  starred_message_counts: true,
  receives_typing_notifications: true,
  web_navigate_to_sent_message: true,
  fluid_layout_width: false,
  high_contrast_mode: false,
  web_font_size_px: 16,
  web_line_height_percent: 140,
  color_scheme: 1,
  translate_emoticons: false,
  display_emoji_reaction_users: true,
  default_language: 'en',
  web_home_view: 'inbox',
  web_escape_navigates_to_home_view: true,
  emojiset: 'google',
  demote_inactive_streams: 1,
  user_list_style: 2,
  web_animate_image_previews: 'on_hover',
  web_stream_unreads_count_display_policy: 2,
  hide_ai_features: false,
  enter_sends: false,
  enable_drafts_synchronization: true,
  enable_stream_desktop_notifications: false,
  enable_stream_email_notifications: false,
  enable_stream_push_notifications: false,
  enable_stream_audible_notifications: false,
  notification_sound: 'zulip',
  enable_desktop_notifications: true,
  enable_sounds: true,
  email_notifications_batching_period_seconds: 120,
  enable_offline_email_notifications: true,
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_email_notifications: true,
  enable_followed_topic_push_notifications: true,
  enable_followed_topic_audible_notifications: true,
  enable_followed_topic_wildcard_mentions_notify: true,
  enable_digest_emails: true,
  enable_marketing_emails: true,
  enable_login_emails: true,
  message_content_in_email_notifications: true,
  pm_content_in_desktop_notifications: true,
  wildcard_mentions_notify: true,
  desktop_icon_count_display: 1,
  realm_name_in_email_notifications_policy: 1,
  automatically_follow_topics_policy: 3,
  automatically_unmute_topics_in_muted_streams_policy: 2,
  automatically_follow_topics_where_mentioned: true,
  resolved_topic_notice_auto_read_policy: 'except_followed',
  presence_enabled: true,
  send_private_typing_notifications: true,
  send_stream_typing_notifications: true,
  send_read_receipts: true,
  allow_private_data_export: false,
  web_suggest_update_timezone: true,
  available_notification_sounds: ['chime', 'ding', 'zulip'],
  emojiset_choices: [
    { key: 'google', text: 'Google' },
    { key: 'twitter', text: 'Twitter' },
    { key: 'text', text: 'Plain text' },
  ],
};

export function userSettings(user: UserRow): Record<string, unknown> {
  return {
    ...DEFAULT_SETTINGS,
    ...(JSON.parse(user.settings) as Record<string, unknown>),
    timezone: user.timezone,
    email_address_visibility: user.email_address_visibility,
  };
}

/** The user-level values a subscription's null notification settings stand for. */
export function notificationDefaults(settings: Record<string, unknown>): NotificationDefaults {
  return {
    desktop_notifications: settings['enable_stream_desktop_notifications'] === true,
    email_notifications: settings['enable_stream_email_notifications'] === true,
    push_notifications: settings['enable_stream_push_notifications'] === true,
    audible_notifications: settings['enable_stream_audible_notifications'] === true,
    wildcard_mentions_notify: settings['wildcard_mentions_notify'] === true,
  };
}

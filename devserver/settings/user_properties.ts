import { badRequest } from '../http/errors';
import { DEFAULT_SETTINGS } from '../register/user_settings';

/**
 * What PATCH /settings accepts: every key of the user_settings object except the read-only lists,
 * typed by its default value, with the value sets Zulip enforces for enumerated settings.
 */
const READ_ONLY = new Set(['available_notification_sounds', 'emojiset_choices']);

const CHOICES: Readonly<Record<string, readonly (number | string)[]>> = {
  color_scheme: [1, 2, 3],
  demote_inactive_streams: [1, 2, 3],
  desktop_icon_count_display: [1, 2, 3],
  email_address_visibility: [1, 2, 3, 4, 5],
  realm_name_in_email_notifications_policy: [1, 2, 3],
  user_list_style: [1, 2, 3],
  web_mark_read_on_scroll_policy: [1, 2, 3],
  web_channel_default_view: [1, 2, 3, 4],
  web_stream_unreads_count_display_policy: [1, 2, 3],
  automatically_follow_topics_policy: [1, 2, 3, 4],
  automatically_unmute_topics_in_muted_streams_policy: [1, 2, 3, 4],
  web_home_view: ['recent_topics', 'inbox', 'all_messages'],
  emojiset: ['google', 'twitter', 'text', 'google-blob'],
  notification_sound: ['zulip', 'chime', 'ding', 'none'],
  web_animate_image_previews: ['always', 'on_hover', 'never'],
  resolved_topic_notice_auto_read_policy: ['always', 'except_followed', 'never'],
};

/** Settings Zulip also announces as update_display_settings to clients without user_settings_object. */
export const LEGACY_DISPLAY_SETTINGS = new Set([
  'color_scheme',
  'default_language',
  'web_home_view',
  'demote_inactive_streams',
  'dense_mode',
  'emojiset',
  'enable_drafts_synchronization',
  'enter_sends',
  'fluid_layout_width',
  'high_contrast_mode',
  'starred_message_counts',
  'translate_emoticons',
  'twenty_four_hour_time',
  'timezone',
]);

/** Settings Zulip also announces as update_global_notifications to those clients. */
export const LEGACY_NOTIFICATION_SETTINGS = new Set([
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'email_notifications_batching_period_seconds',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_audible_notifications',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'desktop_icon_count_display',
  'presence_enabled',
  'wildcard_mentions_notify',
]);

/** Language names for the language_name field of default_language events. */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'español',
  fr: 'français',
  pt: 'Português',
  sv: 'svenska',
  zh: '简体中文',
  hi: 'हिन्दी',
};

export type SettingType = 'bool' | 'int' | 'string';

/** Every settable name with its type; timezone and email_address_visibility included. */
export const USER_SETTING_TYPES: ReadonlyMap<string, SettingType> = new Map([
  ...Object.entries(DEFAULT_SETTINGS)
    .filter(([name]) => !READ_ONLY.has(name))
    .map(([name, value]): [string, SettingType] => [
      name,
      typeof value === 'boolean' ? 'bool' : typeof value === 'number' ? 'int' : 'string',
    ]),
  ['timezone', 'string'],
  ['email_address_visibility', 'int'],
]);

/** Checks a requested value beyond its type: enumerations, ranges, language and time zone names. */
export function checkUserSetting(name: string, value: boolean | number | string): void {
  const choices = CHOICES[name];
  if (choices && !choices.includes(value as never)) throw badRequest(`Invalid ${name}`);
  if (name === 'default_language' && !(String(value) in LANGUAGE_NAMES)) throw badRequest('Invalid default_language');
  if (name === 'timezone' && value !== '' && !isTimeZone(String(value))) throw badRequest('Invalid timezone');
  if (name === 'web_font_size_px' && (Number(value) < 12 || Number(value) > 20)) throw badRequest(`Invalid ${name}`);
  if (name === 'web_line_height_percent' && (Number(value) < 122 || Number(value) > 158)) {
    throw badRequest(`Invalid ${name}`);
  }
  if (name === 'email_notifications_batching_period_seconds' && (Number(value) < 120 || Number(value) > 604800)) {
    throw badRequest(`Invalid email_notifications_batching_period_seconds: ${value}`);
  }
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

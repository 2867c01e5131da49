/** The user_settings the personal settings screen offers, named as Zulip's own settings page does. */

export interface SettingSwitch {
  name: string;
  label: string;
}

export interface SettingChoice {
  name: string;
  label: string;
  /** Whether the server takes the value as a number (color_scheme) rather than a string. */
  numeric: boolean;
  fallback: string | number;
  options: ReadonlyArray<{ value: string | number; label: string }>;
}

export const NOTIFICATION_SWITCHES: readonly SettingSwitch[] = [
  { name: 'enable_desktop_notifications', label: 'Desktop notifications for direct messages and mentions' },
  { name: 'enable_sounds', label: 'Sound for direct messages and mentions' },
  { name: 'enable_stream_desktop_notifications', label: 'Desktop notifications for every channel message' },
  { name: 'enable_stream_audible_notifications', label: 'Sound for every channel message' },
  { name: 'pm_content_in_desktop_notifications', label: 'Show message content in notifications' },
  { name: 'wildcard_mentions_notify', label: 'Notify for @all and @topic mentions' },
  { name: 'enable_followed_topic_desktop_notifications', label: 'Desktop notifications for followed topics' },
  { name: 'enable_offline_push_notifications', label: 'Mobile notifications while away' },
  { name: 'enable_offline_email_notifications', label: 'Email notifications while away' },
  // Zulip 8.1 (feature level 253) and newer; older servers do not list it, so it is not offered.
  { name: 'receives_typing_notifications', label: 'Show when others are typing' },
];

/**
 * The settings of `list` this account's server has. A server lists every personal setting it
 * knows in user_settings, so one it leaves out is newer than it and is not offered (until the
 * settings are loaded, all are shown, disabled).
 */
export function offeredSettings<T extends { name: string }>(
  list: readonly T[],
  values: Readonly<Record<string, unknown>>,
  loaded: boolean,
): T[] {
  return loaded ? list.filter((s) => s.name in values) : [...list];
}

export const DISPLAY_CHOICES: readonly SettingChoice[] = [
  {
    name: 'color_scheme',
    label: 'Theme',
    numeric: true,
    fallback: 1,
    options: [
      { value: 1, label: 'As the system' },
      { value: 3, label: 'Light' },
      { value: 2, label: 'Dark' },
    ],
  },
  {
    name: 'emojiset',
    label: 'Emoji style',
    numeric: false,
    fallback: 'google',
    // Emoji are drawn by the system's color emoji font whatever image set the server names, so
    // the choice that changes what the user sees is colored or :words:.
    options: [
      { value: 'google', label: 'Colored' },
      { value: 'text', label: 'Plain text (:name:)' },
    ],
  },
  {
    name: 'web_home_view',
    label: 'Home view',
    numeric: false,
    fallback: 'inbox',
    options: [
      { value: 'inbox', label: 'Inbox' },
      { value: 'recent_topics', label: 'Recent conversations' },
    ],
  },
];

export const DISPLAY_SWITCHES: readonly SettingSwitch[] = [
  { name: 'twenty_four_hour_time', label: 'Show times on a 24-hour clock' },
  { name: 'enter_sends', label: 'Enter sends the message (otherwise Ctrl+Enter)' },
];

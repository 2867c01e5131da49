/**
 * What the notification policy reads. Settings and subscription fields keep Zulip's own names
 * (user_settings and subscription objects of POST /register), so callers can pass the stored
 * records as they are.
 */

/** A topic's visibility_policy in user_topics; a topic with no row is None. */
export const VisibilityPolicy = { None: 0, Muted: 1, Unmuted: 2, Followed: 3 } as const;
export type VisibilityPolicy = (typeof VisibilityPolicy)[keyof typeof VisibilityPolicy];

export type NotifyDestination = { kind: 'channel'; channelId: number; topic: string } | { kind: 'dm' };

export interface NotifyMessage {
  senderId: number;
  to: NotifyDestination;
  /**
   * The message's flags as the server sends them with the message event: the policy reads
   * read, mentioned (personal or user-group mention), stream_wildcard_mentioned,
   * topic_wildcard_mentioned (or the older wildcard_mentioned) and has_alert_word.
   */
  flags: readonly string[];
}

/**
 * The user_settings the policy reads. Servers below feature level 189 have no followed
 * topics; pass false for the two enable_followed_topic_* settings there.
 */
export interface NotificationSettings {
  /** DMs, mentions, alert words and wildcard mentions. */
  enable_desktop_notifications: boolean;
  /** The default for channels whose desktop_notifications is null. */
  enable_stream_desktop_notifications: boolean;
  /** The default for channels whose wildcard_mentions_notify is null. */
  wildcard_mentions_notify: boolean;
  enable_followed_topic_desktop_notifications: boolean;
  enable_followed_topic_wildcard_mentions_notify: boolean;
}

/** The subscription's per-channel settings; null fields inherit the user's defaults. */
export interface SubscriptionNotificationSettings {
  is_muted: boolean;
  desktop_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
}

export interface NotifyInput {
  message: NotifyMessage;
  ownUserId: number;
  settings: NotificationSettings;
  /** The user's subscription to the message's channel: null for a DM or a channel not subscribed to. */
  subscription: SubscriptionNotificationSettings | null;
  /** The message's topic's visibility policy; ignored for DMs. */
  topicVisibility: VisibilityPolicy;
  /**
   * Do not disturb, as the app knows it (Parley's own switch or the OS focus mode). Zulip has
   * no such user setting: presence_enabled is "invisible mode" and does not silence anything.
   */
  doNotDisturb: boolean;
}

export function hasAnyFlag(flags: readonly string[], wanted: readonly string[]): boolean {
  return wanted.some((flag) => flags.includes(flag));
}

/**
 * Whether a new message should raise a system notification. Pure: it reads only its input,
 * so the sync layer gathers the facts (message flags, user_settings, the subscription, the
 * topic's visibility policy, do-not-disturb) and main/electron shows what this decides.
 *
 * The rules follow Zulip's web app, so a user sees the same notifications in Parley as in
 * the browser. Two stages:
 *  1. Is the message notifiable at all? Not our own, not already read, not during DND, and
 *     not in a muted channel or topic, except that a personal (or group) mention and a
 *     followed topic break through muting. Wildcard mentions (@all, @topic) and alert words
 *     (has_alert_word, which the server sets on our own messages too) do not.
 *  2. Do the settings ask for it? A channel with desktop notifications on (its own setting,
 *     or the user default when null) or a followed topic with followed-topic notifications
 *     on notifies even when enable_desktop_notifications is off; that switch governs DMs,
 *     mentions, alert words and wildcard mentions.
 */
import { type NotificationSettings, type NotifyInput, VisibilityPolicy, hasAnyFlag } from './types';

/** Why the policy decided as it did: for logs, tests and a "why did this notify?" view. */
export type NotifyReason =
  | 'own-message'
  | 'already-read'
  | 'do-not-disturb'
  | 'muted-channel'
  | 'muted-topic'
  | 'channel-notifications'
  | 'followed-topic'
  | 'desktop-notifications-off'
  | 'direct-message'
  | 'alert-word'
  | 'mention'
  | 'wildcard-mention'
  | 'followed-topic-wildcard-mention'
  | 'not-notifiable';

export interface NotifyDecision {
  notify: boolean;
  reason: NotifyReason;
}

/** `wildcard_mentioned` is the pre-feature-level-224 name of stream_wildcard_mentioned. */
const WILDCARD_FLAGS = ['stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'wildcard_mentioned'];

const no = (reason: NotifyReason): NotifyDecision => ({ notify: false, reason });
const yes = (reason: NotifyReason): NotifyDecision => ({ notify: true, reason });

/** A per-channel setting, where null means "use the user's default". */
function inherit(value: boolean | null | undefined, userDefault: boolean): boolean {
  return value ?? userDefault;
}

/** Stage 1: reasons not to notify that no setting can override. */
function suppression(input: NotifyInput, followed: boolean): NotifyDecision | null {
  const { message } = input;
  if (message.senderId === input.ownUserId) return no('own-message');
  // The server marks messages from muted users read on arrival, so this covers them too.
  if (message.flags.includes('read')) return no('already-read');
  if (input.doNotDisturb) return no('do-not-disturb');
  if (message.to.kind !== 'channel') return null;
  if (message.flags.includes('mentioned') || followed) return null;
  const visibility = input.topicVisibility;
  if (input.subscription?.is_muted && visibility !== VisibilityPolicy.Unmuted) return no('muted-channel');
  if (visibility === VisibilityPolicy.Muted) return no('muted-topic');
  return null;
}

/** Stage 2, for channel messages: the two rules that bypass enable_desktop_notifications. */
function channelWideRule(input: NotifyInput, settings: NotificationSettings, followed: boolean): NotifyDecision | null {
  const sub = input.subscription;
  if (sub && inherit(sub.desktop_notifications, settings.enable_stream_desktop_notifications)) {
    return yes('channel-notifications');
  }
  if (followed && settings.enable_followed_topic_desktop_notifications) return yes('followed-topic');
  return null;
}

/** Decides whether `input.message` should raise a system notification, and why. */
export function shouldNotify(input: NotifyInput): NotifyDecision {
  const { message, settings } = input;
  const isChannel = message.to.kind === 'channel';
  const followed = isChannel && input.topicVisibility === VisibilityPolicy.Followed;

  const suppressed = suppression(input, followed);
  if (suppressed) return suppressed;
  if (isChannel) {
    const channelWide = channelWideRule(input, settings, followed);
    if (channelWide) return channelWide;
  }
  if (!settings.enable_desktop_notifications) return no('desktop-notifications-off');
  if (!isChannel) return yes('direct-message');
  if (message.flags.includes('has_alert_word')) return yes('alert-word');
  if (message.flags.includes('mentioned')) return yes('mention');
  if (hasAnyFlag(message.flags, WILDCARD_FLAGS)) {
    // A subscription is needed to receive a channel message at all; without one, treat the
    // channel-level wildcard setting as off rather than guess.
    const sub = input.subscription;
    if (sub && inherit(sub.wildcard_mentions_notify, settings.wildcard_mentions_notify)) {
      return yes('wildcard-mention');
    }
    if (followed && settings.enable_followed_topic_wildcard_mentions_notify) {
      return yes('followed-topic-wildcard-mention');
    }
  }
  return no('not-notifiable');
}

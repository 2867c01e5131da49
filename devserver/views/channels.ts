import { legacyPostPolicy } from '../channels/post_policy';
import type { ChannelRow, SubscriptionRow } from '../store/rows';

/** Facts about a channel that come from its messages rather than its row. */
export interface ChannelStats {
  firstId: number;
  recent: number;
  lastSent: number;
}

export interface ChannelViewContext {
  now: number;
  stats: ReadonlyMap<number, ChannelStats>;
  subscribers: Map<number, number[]>;
  /** System group names by ID, for the legacy stream_post_policy view of can_send_message_group. */
  systemGroups: ReadonlyMap<number, string>;
}

const DAY = 86_400;
/** Zulip calls a channel recently active when it had messages in this many days. */
const RECENTLY_ACTIVE_DAYS = 180;

/** The channel fields every client sees (Zulip's BasicChannel), without personal settings. */
export function formatChannel(channel: ChannelRow, ctx: ChannelViewContext): Record<string, unknown> {
  const stats = ctx.stats.get(channel.id);
  const oldEnough = ctx.now - channel.date_created >= 7 * DAY;
  const groupSettings = JSON.parse(channel.group_settings) as Record<string, unknown>;
  return {
    stream_id: channel.id,
    name: channel.name,
    description: channel.description,
    rendered_description: channel.rendered_description,
    date_created: channel.date_created,
    creator_id: channel.creator_id,
    invite_only: channel.invite_only === 1,
    is_web_public: channel.is_web_public === 1,
    ...legacyPostPolicy(groupSettings['can_send_message_group'], ctx.systemGroups),
    message_retention_days: channel.message_retention_days,
    history_public_to_subscribers: channel.history_public_to_subscribers === 1,
    first_message_id: stats?.firstId ?? null,
    folder_id: channel.folder_id,
    topics_policy: channel.topics_policy,
    is_archived: channel.is_archived === 1,
    is_recently_active: stats !== undefined && stats.lastSent >= ctx.now - RECENTLY_ACTIVE_DAYS * DAY,
    // Messages in the last four weeks averaged per week; null while the channel is under a week old.
    stream_weekly_traffic: oldEnough ? Math.round((stats?.recent ?? 0) / 4) : null,
    subscriber_count: ctx.subscribers.get(channel.id)?.length ?? 0,
    ...groupSettings,
  };
}

/** User-level defaults that a null per-channel notification setting inherits. */
export interface NotificationDefaults {
  desktop_notifications: boolean;
  email_notifications: boolean;
  push_notifications: boolean;
  audible_notifications: boolean;
  wildcard_mentions_notify: boolean;
}

/**
 * A Subscription (api-v1.md 2.3): the channel plus the user's settings for it. Clients without the
 * notification_settings_null capability get the inherited value instead of null, as on Zulip.
 */
export function formatSubscription(
  channel: ChannelRow,
  sub: SubscriptionRow,
  ctx: ChannelViewContext,
  defaults: NotificationDefaults | null,
): Record<string, unknown> {
  const setting = (name: keyof NotificationDefaults): boolean | null => {
    const value = sub[name];
    if (value !== null) return value === 1;
    return defaults === null ? null : defaults[name];
  };
  return {
    ...formatChannel(channel, ctx),
    color: sub.color,
    is_muted: sub.is_muted === 1,
    in_home_view: sub.is_muted !== 1,
    pin_to_top: sub.pin_to_top === 1,
    desktop_notifications: setting('desktop_notifications'),
    email_notifications: setting('email_notifications'),
    push_notifications: setting('push_notifications'),
    audible_notifications: setting('audible_notifications'),
    wildcard_mentions_notify: setting('wildcard_mentions_notify'),
  };
}

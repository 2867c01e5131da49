import { canSeeChannel, canSeeSubscribers } from '../access';
import type { App } from '../app';
import type { UserRow } from '../store/rows';
import {
  formatChannel,
  formatSubscription,
  type ChannelViewContext,
  type NotificationDefaults,
} from '../views/channels';

export type IncludeSubscribers = 'true' | 'false' | 'partial';

/**
 * subscriptions / unsubscribed / never_subscribed for one user. Subscriber lists are attached per
 * include_subscribers; since every channel here has fewer than 250 subscribers, "partial" gets
 * full lists too, exactly as Zulip does for channels that small.
 */
export function subscriptionState(
  app: App,
  user: UserRow,
  ctx: ChannelViewContext,
  include: IncludeSubscribers,
  defaults: NotificationDefaults | null,
): Record<string, unknown> {
  const subs = new Map(app.store.channels.subscriptionsOf(user.id).map((sub) => [sub.channel_id, sub]));
  const subscriptions: Record<string, unknown>[] = [];
  const unsubscribed: Record<string, unknown>[] = [];
  const neverSubscribed: Record<string, unknown>[] = [];
  for (const channel of app.store.channels.all()) {
    const sub = subs.get(channel.id);
    if (!canSeeChannel(user, channel, sub)) continue;
    const entry = sub ? formatSubscription(channel, sub, ctx, defaults) : formatChannel(channel, ctx);
    if (include !== 'false' && canSeeSubscribers(user, channel, sub)) {
      entry['subscribers'] = ctx.subscribers.get(channel.id) ?? [];
    }
    if (!sub) neverSubscribed.push(entry);
    else if (sub.active === 1) subscriptions.push(entry);
    else unsubscribed.push(entry);
  }
  return { subscriptions, unsubscribed, never_subscribed: neverSubscribed };
}

/** The `stream` fetch type: every channel the user can see, without personal settings. */
export function streamsState(app: App, user: UserRow, ctx: ChannelViewContext): Record<string, unknown>[] {
  const subs = new Map(app.store.channels.subscriptionsOf(user.id).map((sub) => [sub.channel_id, sub]));
  return app.store.channels
    .all()
    .filter((channel) => canSeeChannel(user, channel, subs.get(channel.id)))
    .map((channel) => formatChannel(channel, ctx));
}

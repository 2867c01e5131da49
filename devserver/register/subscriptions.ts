import { canSeeChannel, canSeeSubscribers } from '../access';
import type { App } from '../app';
import { badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { ChannelRow, UserRow } from '../store/rows';
import {
  formatChannel,
  formatSubscription,
  type ChannelViewContext,
  type NotificationDefaults,
} from '../views/channels';

export type IncludeSubscribers = 'true' | 'false' | 'partial';

/** Zulip took only a JSON boolean before "partial" (FL 412): an older server refuses the word. */
export const PARTIAL_SUBSCRIBERS_LEVEL = 412;

export function readIncludeSubscribers(params: Params, level: number): IncludeSubscribers {
  const value = params.string('include_subscribers') ?? 'false';
  if (value === 'partial' && level < PARTIAL_SUBSCRIBERS_LEVEL)
    throw badRequest('include_subscribers is not valid JSON');
  if (!['true', 'false', 'partial'].includes(value))
    throw badRequest('include_subscribers must be true, false or partial');
  return value as IncludeSubscribers;
}

const DAY = 86_400;

/**
 * Subscriber lists for include_subscribers. "true" gives every list in full; "partial" gives full
 * lists for channels below the threshold (Zulip: 250 subscribers) and, for larger ones, only
 * bots and recently active people (here: who sent a message in the last 14 days) as
 * partial_subscribers.
 */
function attachSubscribers(
  app: App,
  entry: Record<string, unknown>,
  channel: ChannelRow,
  ctx: ChannelViewContext,
  include: IncludeSubscribers,
  recent: () => Set<number>,
): void {
  const all = ctx.subscribers.get(channel.id) ?? [];
  if (include === 'true' || all.length < app.options.fullSubscriberListThreshold) {
    entry['subscribers'] = all;
    return;
  }
  const active = recent();
  entry['partial_subscribers'] = all.filter((id) => active.has(id));
}

/**
 * subscriptions / unsubscribed / never_subscribed for one user. Archived channels appear only for
 * clients with the archived_channels capability.
 */
export function subscriptionState(
  app: App,
  user: UserRow,
  ctx: ChannelViewContext,
  include: IncludeSubscribers,
  defaults: NotificationDefaults | null,
  archived = false,
): Record<string, unknown> {
  const subs = new Map(app.store.channels.subscriptionsOf(user.id).map((sub) => [sub.channel_id, sub]));
  const subscriptions: Record<string, unknown>[] = [];
  const unsubscribed: Record<string, unknown>[] = [];
  const neverSubscribed: Record<string, unknown>[] = [];
  let recentCache: Set<number> | undefined;
  const recent = (): Set<number> => {
    if (!recentCache) {
      const bots = app.store.users
        .all()
        .filter((u) => u.is_bot === 1)
        .map((u) => u.id);
      const days = app.options.partialSubscriberDays;
      const senders = days > 0 ? app.store.channels.recentSenders(ctx.now - days * DAY) : [];
      recentCache = new Set([...senders, ...bots]);
    }
    return recentCache;
  };
  for (const channel of app.store.channels.all()) {
    const sub = subs.get(channel.id);
    if (!canSeeChannel(user, channel, sub) || (channel.is_archived === 1 && !archived)) continue;
    const entry = sub ? formatSubscription(channel, sub, ctx, defaults) : formatChannel(channel, ctx);
    if (include !== 'false' && canSeeSubscribers(user, channel, sub)) {
      attachSubscribers(app, entry, channel, ctx, include, recent);
    }
    if (!sub) neverSubscribed.push(entry);
    else if (sub.active === 1) subscriptions.push(entry);
    else unsubscribed.push(entry);
  }
  return { subscriptions, unsubscribed, never_subscribed: neverSubscribed };
}

/** The `stream` fetch type: every channel the user can see, without personal settings. */
export function streamsState(
  app: App,
  user: UserRow,
  ctx: ChannelViewContext,
  archived = false,
): Record<string, unknown>[] {
  const subs = new Map(app.store.channels.subscriptionsOf(user.id).map((sub) => [sub.channel_id, sub]));
  return app.store.channels
    .all()
    .filter((channel) => canSeeChannel(user, channel, subs.get(channel.id)))
    .filter((channel) => archived || channel.is_archived === 0)
    .map((channel) => formatChannel(channel, ctx));
}

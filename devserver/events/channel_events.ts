import { nowSeconds, type App } from '../app';
import { systemGroupNames } from '../channels/post_policy';
import { notificationDefaults, userSettings } from '../register/user_settings';
import type { ChannelRow } from '../store/rows';
import { formatChannel, formatSubscription, type ChannelViewContext } from '../views/channels';
import { hasCapability } from './audience';
import type { EventQueue } from './queue';

const FOUR_WEEKS = 28 * 86_400;

/** Message statistics and subscriber lists for formatting channels, read once per operation. */
export function channelViewContext(app: App): ChannelViewContext {
  const now = nowSeconds();
  return {
    now,
    stats: app.store.messages.channelStats(now - FOUR_WEEKS),
    subscribers: app.store.channels.subscriberMap(),
    systemGroups: systemGroupNames(app.store.groups.all()),
  };
}

/** stream create: the channels became visible to these users (created, or access gained). */
export function publishStreamCreate(
  app: App,
  userIds: Iterable<number>,
  channels: ChannelRow[],
  filter: (queue: EventQueue) => boolean = () => true,
): void {
  if (channels.length === 0) return;
  const ctx = channelViewContext(app);
  const streams = channels.map((channel) => formatChannel(channel, ctx));
  app.queues.publish(userIds, 'stream', (queue) => (filter(queue) ? { type: 'stream', op: 'create', streams } : null));
}

/** stream delete: the users lost sight of the channels (unsubscribed from private, archived). */
export function publishStreamDelete(
  app: App,
  userIds: Iterable<number>,
  channelIds: number[],
  filter: (queue: EventQueue) => boolean = () => true,
): void {
  if (channelIds.length === 0) return;
  app.queues.publish(userIds, 'stream', (queue) =>
    filter(queue)
      ? { type: 'stream', op: 'delete', stream_ids: channelIds, streams: channelIds.map((id) => ({ stream_id: id })) }
      : null,
  );
}

/** stream update: one property changed; `extra` carries rendered_description and the like. */
export function publishStreamUpdate(
  app: App,
  userIds: Iterable<number>,
  channel: { id: number; name: string },
  property: string,
  value: unknown,
  extra: Record<string, unknown> = {},
): void {
  app.queues.publish(userIds, 'stream', () => ({
    type: 'stream',
    op: 'update',
    stream_id: channel.id,
    name: channel.name,
    property,
    value,
    ...extra,
  }));
}

/**
 * subscription add: full Subscription objects with subscriber lists, shaped for each queue
 * (inherited notification settings are null only for clients that declared
 * notification_settings_null).
 */
export function publishSubscriptionAdd(app: App, userId: number, channels: ChannelRow[]): void {
  if (channels.length === 0) return;
  const ctx = channelViewContext(app);
  const user = app.store.users.byId(userId);
  if (!user) return;
  const defaults = notificationDefaults(userSettings(user));
  app.queues.publish([userId], 'subscription', (queue) => {
    const nullable = hasCapability(queue, 'notification_settings_null');
    const subscriptions = channels.flatMap((channel) => {
      const sub = app.store.channels.subscription(userId, channel.id);
      if (!sub) return [];
      const entry = formatSubscription(channel, sub, ctx, nullable ? null : defaults);
      entry['subscribers'] = ctx.subscribers.get(channel.id) ?? [];
      return [entry];
    });
    return { type: 'subscription', op: 'add', subscriptions };
  });
}

export function publishSubscriptionRemove(app: App, userId: number, channels: ChannelRow[]): void {
  if (channels.length === 0) return;
  const subscriptions = channels.map((channel) => ({ stream_id: channel.id, name: channel.name }));
  app.queues.publish([userId], 'subscription', () => ({ type: 'subscription', op: 'remove', subscriptions }));
}

/** subscription update: a personal property (color, is_muted, pin_to_top, ...) changed. */
export function publishSubscriptionUpdate(
  app: App,
  userId: number,
  channelId: number,
  property: string,
  value: unknown,
) {
  app.queues.publish([userId], 'subscription', () => ({
    type: 'subscription',
    op: 'update',
    stream_id: channelId,
    property,
    value,
  }));
}

/** peer_add / peer_remove: other people joined or left, for those who may see subscriber lists. */
export function publishPeers(
  app: App,
  op: 'peer_add' | 'peer_remove',
  audience: Iterable<number>,
  channelIds: number[],
  userIds: number[],
): void {
  if (channelIds.length === 0 || userIds.length === 0) return;
  app.queues.publish(audience, 'subscription', () => ({
    type: 'subscription',
    op,
    stream_ids: channelIds,
    user_ids: userIds,
  }));
}

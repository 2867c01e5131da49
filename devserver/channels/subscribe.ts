import { canSeeChannel } from '../access';
import type { App } from '../app';
import { channelViewers, subscriberViewers } from '../events/audience';
import {
  publishPeers,
  publishStreamCreate,
  publishStreamDelete,
  publishSubscriptionAdd,
  publishSubscriptionRemove,
} from '../events/channel_events';
import { CHANNEL_COLORS } from '../seed/builder';
import { accessSnapshot, publishAccessChanges } from '../events/access_events';
import type { ChannelRow } from '../store/rows';

export interface SubscriptionChange {
  userId: number;
  channel: ChannelRow;
}

function canSee(app: App, userId: number, channel: ChannelRow): boolean {
  const user = app.store.users.byId(userId);
  return user !== undefined && canSeeChannel(user, channel, app.store.channels.subscription(userId, channel.id));
}

/** A color from Zulip's palette the user does not use yet (cycling once all are taken). */
function nextColor(app: App, userId: number): string {
  const used = new Set(app.store.channels.subscriptionsOf(userId).map((sub) => sub.color));
  return CHANNEL_COLORS.find((color) => !used.has(color)) ?? CHANNEL_COLORS[used.size % CHANNEL_COLORS.length]!;
}

function groupByUser(changes: SubscriptionChange[]): Map<number, ChannelRow[]> {
  const map = new Map<number, ChannelRow[]>();
  for (const { userId, channel } of changes) map.set(userId, [...(map.get(userId) ?? []), channel]);
  return map;
}

/**
 * Subscribes users to channels (a former subscription is reactivated with its old settings) and
 * sends what Zulip sends: `stream create` to those who could not see a channel before, `subscription
 * add` to each new subscriber, and `peer_add` to everyone else who may see the subscriber list.
 * Callers check permissions first. Used by the subscription routes, channel creation and invites.
 */
export function addSubscriptions(
  app: App,
  channels: ChannelRow[],
  userIds: number[],
  colors: ReadonlyMap<number, string> = new Map(),
): { subscribed: SubscriptionChange[]; already: SubscriptionChange[] } {
  const subscribed: SubscriptionChange[] = [];
  const already: SubscriptionChange[] = [];
  const gainsSight: SubscriptionChange[] = [];
  for (const channel of channels) {
    for (const userId of new Set(userIds)) {
      const change = { userId, channel };
      if (app.store.channels.isSubscribed(userId, channel.id)) already.push(change);
      else {
        subscribed.push(change);
        if (!canSee(app, userId, channel)) gainsSight.push(change);
      }
    }
  }
  const access = accessSnapshot(app);
  app.store.transaction(() => {
    for (const { userId, channel } of subscribed) {
      if (app.store.channels.subscription(userId, channel.id)) {
        app.store.channels.setSubscriptionActive(userId, channel.id, true);
      } else {
        const color = colors.get(channel.id) ?? nextColor(app, userId);
        app.store.channels.subscribe({ user_id: userId, channel_id: channel.id, color });
      }
    }
  });
  for (const [userId, gained] of groupByUser(gainsSight)) publishStreamCreate(app, [userId], fresh(app, gained));
  for (const [userId, added] of groupByUser(subscribed)) publishSubscriptionAdd(app, userId, fresh(app, added));
  for (const channel of channels) {
    const added = subscribed.filter((change) => change.channel.id === channel.id).map((change) => change.userId);
    const audience = [...subscriberViewers(app, channel)].filter((id) => !added.includes(id));
    publishPeers(app, 'peer_add', audience, [channel.id], added);
  }
  publishAccessChanges(app, access);
  return { subscribed, already };
}

/**
 * Unsubscribes users (the row stays, inactive, as Zulip's "unsubscribed" list) and sends
 * `subscription remove` to them, `peer_remove` to those who may see the subscriber list, and
 * `stream delete` to anyone who can no longer see the channel at all.
 */
export function removeSubscriptions(
  app: App,
  channels: ChannelRow[],
  userIds: number[],
): { removed: SubscriptionChange[]; notSubscribed: SubscriptionChange[] } {
  const removed: SubscriptionChange[] = [];
  const notSubscribed: SubscriptionChange[] = [];
  for (const channel of channels) {
    for (const userId of new Set(userIds)) {
      const change = { userId, channel };
      if (app.store.channels.isSubscribed(userId, channel.id)) removed.push(change);
      else notSubscribed.push(change);
    }
  }
  const access = accessSnapshot(app);
  app.store.transaction(() => {
    for (const { userId, channel } of removed) app.store.channels.setSubscriptionActive(userId, channel.id, false);
  });
  for (const [userId, left] of groupByUser(removed)) publishSubscriptionRemove(app, userId, left);
  for (const channel of channels) {
    const gone = removed.filter((change) => change.channel.id === channel.id).map((change) => change.userId);
    if (gone.length === 0) continue;
    const audience = [...subscriberViewers(app, channel)].filter((id) => !gone.includes(id));
    publishPeers(app, 'peer_remove', audience, [channel.id], gone);
    const stillSee = channelViewers(app, channel);
    publishStreamDelete(
      app,
      gone.filter((id) => !stillSee.has(id)),
      [channel.id],
    );
  }
  publishAccessChanges(app, access);
  return { removed, notSubscribed };
}

/** Channel rows as they are now (the caller's copies may predate its own changes). */
function fresh(app: App, channels: ChannelRow[]): ChannelRow[] {
  return channels.flatMap((channel) => app.store.channels.byId(channel.id) ?? []);
}

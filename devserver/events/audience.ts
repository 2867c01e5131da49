import { canSeeChannel, canSeeSubscribers } from '../access';
import type { App } from '../app';
import type { ChannelRow, UserRow } from '../store/rows';
import type { EventQueue } from './queue';

/** Whether the queue's client declared a capability at POST /register. */
export function hasCapability(queue: EventQueue, name: string): boolean {
  return queue.spec.capabilities[name] === true;
}

/** Every active account; organization-wide events (user groups, folders) go to all of them. */
export function activeUsers(app: App): UserRow[] {
  return app.store.users.all().filter((user) => user.is_active === 1);
}

export function activeUserIds(app: App): number[] {
  return activeUsers(app).map((user) => user.id);
}

/** Active users who can see that the channel exists (stream events go to them). */
export function channelViewers(app: App, channel: ChannelRow): Set<number> {
  const out = new Set<number>();
  for (const user of activeUsers(app)) {
    if (canSeeChannel(user, channel, app.store.channels.subscription(user.id, channel.id))) out.add(user.id);
  }
  return out;
}

/** Active users who may see the channel's subscriber list (peer_add / peer_remove go to them). */
export function subscriberViewers(app: App, channel: ChannelRow): Set<number> {
  const out = new Set<number>();
  for (const user of activeUsers(app)) {
    if (canSeeSubscribers(user, channel, app.store.channels.subscription(user.id, channel.id))) out.add(user.id);
  }
  return out;
}

import { canSeeChannel } from '../access';
import type { App } from '../app';
import type { GroupGraph, GroupSettingValue } from '../groups/graph';
import { CHANNEL_SETTINGS, isAdmin, userHas } from '../groups/permissions';
import { badRequest, channelNameNotFound } from '../http/errors';
import type { ChannelRow, UserRow } from '../store/rows';

/** A channel the user can see, by ID; anything else is Zulip's "Invalid channel ID". */
export function channelForUser(app: App, user: UserRow, rawId: unknown): ChannelRow {
  const id = Number(rawId);
  const channel = Number.isSafeInteger(id) ? app.store.channels.byId(id) : undefined;
  if (!channel || !canSeeChannel(user, channel, app.store.channels.subscription(user.id, id))) {
    throw badRequest('Invalid channel ID');
  }
  return channel;
}

/** A channel the user can see, by name; a private one they cannot see does not exist for them. */
export function channelByNameForUser(app: App, user: UserRow, name: string): ChannelRow {
  const channel = app.store.channels.byName(name);
  if (!channel || !canSeeChannel(user, channel, app.store.channels.subscription(user.id, channel.id))) {
    throw channelNameNotFound(name);
  }
  return channel;
}

/** Whether the user is in one of the channel's permission groups (guests only where allowed). */
export function inChannelGroup(graph: GroupGraph, user: UserRow, channel: ChannelRow, name: string): boolean {
  const value = JSON.parse(channel.group_settings)[name] as GroupSettingValue | undefined;
  return value !== undefined && userHas(value, user, graph, CHANNEL_SETTINGS[name]);
}

/** Organization administrators administer every channel; others need can_administer_channel_group. */
export function canAdminister(graph: GroupGraph, user: UserRow, channel: ChannelRow): boolean {
  return isAdmin(user) || inChannelGroup(graph, user, channel, 'can_administer_channel_group');
}

export function requireAdminister(graph: GroupGraph, user: UserRow, channel: ChannelRow): void {
  if (!canAdminister(graph, user, channel)) throw badRequest('You do not have permission to administer this channel.');
}

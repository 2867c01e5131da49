import type { App } from '../app';
import type { GroupGraph } from '../groups/graph';
import { hasRealmPermission, isAdmin } from '../groups/permissions';
import { ROLE, type ChannelRow, type UserRow } from '../store/rows';
import { canAdminister, inChannelGroup } from './access';

/**
 * Whether the user may join the channel: public channels are open to non-guests; private ones
 * need a subscription already, administrator rights, or the channel's can_subscribe_group /
 * can_add_subscribers_group.
 */
function mayJoin(app: App, graph: GroupGraph, user: UserRow, channel: ChannelRow): boolean {
  if (channel.invite_only === 0 && user.role !== ROLE.guest) return true;
  if (app.store.channels.isSubscribed(user.id, channel.id) || isAdmin(user)) return true;
  return (
    inChannelGroup(graph, user, channel, 'can_subscribe_group') ||
    inChannelGroup(graph, user, channel, 'can_add_subscribers_group')
  );
}

/** Adding other people needs the organization's or the channel's add-subscribers permission. */
function mayAddOthers(app: App, graph: GroupGraph, user: UserRow, channel: ChannelRow): boolean {
  return (
    hasRealmPermission(app, graph, user, 'can_add_subscribers_group') ||
    inChannelGroup(graph, user, channel, 'can_add_subscribers_group') ||
    canAdminister(graph, user, channel)
  );
}

/**
 * Zulip's filter_stream_authorization_for_adding_subscribers: channels the user cannot reach
 * at all are `unauthorized`; reachable ones they may not add others to are `forbidden`.
 */
export function sortByAuthorization(
  app: App,
  graph: GroupGraph,
  user: UserRow,
  channels: ChannelRow[],
  addingOthers: boolean,
): { authorized: ChannelRow[]; unauthorized: ChannelRow[]; forbidden: ChannelRow[] } {
  const out = { authorized: [] as ChannelRow[], unauthorized: [] as ChannelRow[], forbidden: [] as ChannelRow[] };
  for (const channel of channels) {
    if (!mayJoin(app, graph, user, channel)) out.unauthorized.push(channel);
    else if (addingOthers && !mayAddOthers(app, graph, user, channel)) out.forbidden.push(channel);
    else out.authorized.push(channel);
  }
  return out;
}

/**
 * Removing someone else: administrators may always; others need access to the channel and its
 * can_remove_subscribers_group (or channel administration).
 */
export function mayRemoveOthers(app: App, graph: GroupGraph, user: UserRow, channel: ChannelRow): boolean {
  if (isAdmin(user)) return true;
  const reachable = channel.invite_only === 0 || app.store.channels.isSubscribed(user.id, channel.id);
  return (
    reachable &&
    (inChannelGroup(graph, user, channel, 'can_remove_subscribers_group') || canAdminister(graph, user, channel))
  );
}

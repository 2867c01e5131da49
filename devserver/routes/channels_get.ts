import { canSeeChannel, canSeeSubscribers } from '../access';
import type { App } from '../app';
import { channelForUser } from '../channels/access';
import { channelViewContext } from '../events/channel_events';
import { badRequest } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { ROLE, type UserRow } from '../store/rows';
import { formatChannel, formatSubscription } from '../views/channels';

/** The caller's active subscriptions as GET /users/me/subscriptions lists them (nulls kept). */
export function subscriptionList(app: App, user: UserRow, includeSubscribers: boolean): Record<string, unknown>[] {
  const ctx = channelViewContext(app);
  return app.store.channels.subscriptionsOf(user.id).flatMap((sub) => {
    const channel = app.store.channels.byId(sub.channel_id);
    if (!channel || sub.active !== 1) return [];
    const entry = formatSubscription(channel, sub, ctx, null);
    if (includeSubscribers) entry['subscribers'] = ctx.subscribers.get(channel.id) ?? [];
    return [entry];
  });
}

export const channelReadRoutes: ApiRoute[] = [
  {
    /**
     * GET /streams: channels the caller can see, selected by include_public, include_web_public,
     * include_subscribed, include_default and (administrators) include_all; archived ones only
     * when exclude_archived is false.
     */
    method: 'GET',
    path: '/streams',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const includePublic = params.bool('include_public', true);
      const includeWebPublic = params.bool('include_web_public', false);
      const includeSubscribed = params.bool('include_subscribed', true);
      const includeDefault = params.bool('include_default', false);
      const includeAll = params.bool('include_all', false) || params.bool('include_all_active', false);
      const excludeArchived = params.bool('exclude_archived', true);
      params.accept('include_owner_subscribed', 'include_can_access_content');
      if (includeAll && user.role > ROLE.admin) throw badRequest('User not authorized for this query');
      const ctx = channelViewContext(app);
      const streams = app.store.channels.all().filter((channel) => {
        const sub = app.store.channels.subscription(user.id, channel.id);
        if (!canSeeChannel(user, channel, sub) || (excludeArchived && channel.is_archived === 1)) return false;
        return (
          includeAll ||
          (includePublic && channel.invite_only === 0 && user.role !== ROLE.guest) ||
          (includeSubscribed && sub?.active === 1) ||
          (includeWebPublic && channel.is_web_public === 1) ||
          (includeDefault && channel.is_default === 1)
        );
      });
      return {
        streams: streams.map((channel) => ({ ...formatChannel(channel, ctx), is_default: channel.is_default === 1 })),
      };
    },
  },
  {
    /** GET /streams/{stream_id}: one channel the caller can see. */
    method: 'GET',
    path: '/streams/{stream_id}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      const channel = channelForUser(app, user, pathParams['stream_id']);
      return { stream: formatChannel(channel, channelViewContext(app)) };
    },
  },
  {
    /** GET /streams/{stream_id}/members: subscriber IDs, for those allowed to see them. */
    method: 'GET',
    path: '/streams/{stream_id}/members',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      const channel = channelForUser(app, user, pathParams['stream_id']);
      if (!canSeeSubscribers(user, channel, app.store.channels.subscription(user.id, channel.id))) {
        throw badRequest('Invalid channel ID');
      }
      return { subscribers: app.store.channels.subscribers(channel.id) };
    },
  },
  {
    /** GET /get_stream_id: a channel's ID from its name. */
    method: 'GET',
    path: '/get_stream_id',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const name = params.requiredString('stream');
      const channel = app.store.channels.byName(name);
      if (!channel || !canSeeChannel(user, channel, app.store.channels.subscription(user.id, channel.id))) {
        throw badRequest(`Invalid channel name '${name}'`);
      }
      return { stream_id: channel.id };
    },
  },
];

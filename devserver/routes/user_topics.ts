import { nowSeconds, type App } from '../app';
import { isActiveSub } from '../access';
import { badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { ApiRoute } from '../http/route';
import { FOLLOWED_TOPICS_LEVEL } from '../levels/table';
import { LIMITS } from '../limits';
import { setTopicVisibility } from '../messaging/user_topics';
import { ROLE, type ChannelRow, type UserRow } from '../store/rows';
import { VISIBILITY } from '../store/user_topics';

/**
 * Channels whose topics a user may mute, unmute or follow: ones they are subscribed to, and
 * public ones for non-guests. Removing a policy is also allowed wherever one is set, so users
 * can clean up after leaving a channel.
 */
function topicChannel(app: App, user: UserRow, channel: ChannelRow | undefined, removing: boolean): boolean {
  if (!channel) return false;
  const sub = app.store.channels.subscription(user.id, channel.id);
  if (isActiveSub(sub) || (channel.invite_only === 0 && user.role !== ROLE.guest)) return true;
  return removing && app.store.userTopics.ofUser(user.id).some((row) => row.channel_id === channel.id);
}

/** The topic parameter, trimmed, with "(no topic)" and the display name read as "". */
function topicParam(app: App, params: Params): string {
  const topic = params.requiredString('topic').trim();
  if ([...topic].length > LIMITS.max_topic_length) {
    throw badRequest(`topic is too long (limit: ${LIMITS.max_topic_length} characters)`);
  }
  return topic === '(no topic)' || topic === app.store.realm.get().empty_topic_display_name ? '' : topic;
}

const POLICIES = new Set<number>(Object.values(VISIBILITY));

export const userTopicRoutes: ApiRoute[] = [
  {
    /**
     * POST /user_topics: sets the caller's visibility policy for a topic (0 none, 1 muted,
     * 2 unmuted, 3 followed); setting the current value again succeeds. Emits user_topic (and
     * the legacy muted_topics) to the caller's queues.
     */
    method: 'POST',
    path: '/user_topics',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const channelId = params.requiredInt('stream_id');
      const topic = topicParam(app, params);
      const policy = params.requiredInt('visibility_policy');
      // Following (3) came later than muting and unmuting.
      const known =
        POLICIES.has(policy) && (policy !== VISIBILITY.followed || app.options.featureLevel >= FOLLOWED_TOPICS_LEVEL);
      if (!known) throw badRequest('Invalid visibility_policy');
      const channel = app.store.channels.byId(channelId);
      if (!channel || !topicChannel(app, user, channel, policy === VISIBILITY.inherit)) {
        throw badRequest('Invalid channel ID');
      }
      setTopicVisibility(app, [user.id], channel, topic, policy, nowSeconds());
      return {};
    },
  },
  {
    /**
     * PATCH /users/me/subscriptions/muted_topics: the deprecated mute/unmute of a topic, by
     * exactly one of stream_id or stream (name). Both operations succeed even when redundant.
     */
    method: 'PATCH',
    path: '/users/me/subscriptions/muted_topics',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const channelId = params.int('stream_id');
      const name = params.string('stream');
      if (channelId === undefined && name === undefined) throw badRequest("Please supply 'stream'.");
      if (channelId !== undefined && name !== undefined)
        throw badRequest("Please choose one: 'stream' or 'stream_id'.");
      const topic = topicParam(app, params);
      const op = params.requiredString('op');
      if (op !== 'add' && op !== 'remove') throw badRequest('Invalid op');
      const channel = channelId !== undefined ? app.store.channels.byId(channelId) : app.store.channels.byName(name!);
      if (!topicChannel(app, user, channel, op === 'remove')) {
        throw badRequest(channelId !== undefined ? 'Invalid channel ID' : `Invalid channel name '${name}'`);
      }
      const policy = op === 'add' ? VISIBILITY.muted : VISIBILITY.inherit;
      setTopicVisibility(app, [user.id], channel!, topic, policy, nowSeconds());
      return {};
    },
  },
];

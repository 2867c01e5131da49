import { canPostTo } from '../access';
import { topicForQueue } from '../events/topic_names';
import { badRequest, missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { userSettings } from '../register/user_settings';
import type { UserRow } from '../store/rows';
import { apiEmail } from '../views/users';

const TYPES = new Set(['direct', 'stream', 'channel']);

/** Only people who want typing notifications get them (receives_typing_notifications). */
function wantsTyping(user: UserRow | undefined): user is UserRow {
  return user !== undefined && user.is_active === 1 && userSettings(user)['receives_typing_notifications'] !== false;
}

export const typingRoutes: ApiRoute[] = [
  {
    /**
     * POST /typing: start/stop typing notifications. Direct (`to`: user IDs) events go to the
     * conversation's members, the sender included, listing them as recipients; channel ones
     * (`stream_id`, `topic`) go to the channel's subscribers, and only to queues that declared
     * stream_typing_notifications.
     */
    method: 'POST',
    path: '/typing',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const type = params.string('type') ?? 'direct';
      if (!TYPES.has(type)) throw badRequest('Invalid type');
      const op = params.requiredString('op');
      if (op !== 'start' && op !== 'stop') throw badRequest('Invalid op');
      const realm = app.store.realm.get();
      const settings = userSettings(user);
      const sender = { user_id: user.id, email: apiEmail(user, realm) };

      if (type === 'direct') {
        const to = params.intList('to');
        if (to === undefined) throw missingParam('to');
        if (to.length === 0) throw badRequest("Empty 'to' list");
        if (settings['send_private_typing_notifications'] === false) {
          throw badRequest('User has disabled typing notifications for direct messages');
        }
        const ids = [...new Set([...to, user.id])].sort((a, b) => a - b);
        const users = ids.map((id) => {
          const found = app.store.users.byId(id);
          if (!found) throw badRequest(`Invalid user ID ${id}`);
          return found;
        });
        const event = {
          type: 'typing',
          op,
          message_type: 'direct',
          sender,
          recipients: users.map((u) => ({ user_id: u.id, email: apiEmail(u, realm) })),
        };
        app.queues.publish(
          users.filter(wantsTyping).map((u) => u.id),
          'typing',
          () => event,
        );
        return {};
      }

      const channelId = params.int('stream_id');
      if (channelId === undefined) throw badRequest('Missing channel ID');
      const topic = params.string('topic');
      if (topic === undefined) throw badRequest('Missing topic');
      if (settings['send_stream_typing_notifications'] === false) {
        throw badRequest('User has disabled typing notifications for channel messages');
      }
      const channel = app.store.channels.byId(channelId);
      const sub = channel && app.store.channels.subscription(user.id, channel.id);
      if (!channel || !canPostTo(user, channel, sub)) throw badRequest('Invalid channel ID');
      const trimmed = topic.trim();
      const name = trimmed === '(no topic)' || trimmed === realm.empty_topic_display_name ? '' : trimmed;
      const audience = app.store.channels.subscribers(channel.id).filter((id) => wantsTyping(app.store.users.byId(id)));
      app.queues.publish(audience, 'typing', (queue) =>
        queue.spec.capabilities['stream_typing_notifications'] === true
          ? {
              type: 'typing',
              op,
              message_type: 'stream',
              sender,
              stream_id: channel.id,
              topic: topicForQueue(queue, name, realm),
            }
          : null,
      );
      return {};
    },
  },
];

import { missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { defaultReadBySender, normalizeContent } from '../messaging/normalize';
import { checkMessageType, isChannelType, resolveDestination, sendMessage } from '../messaging/send';

export const messageSendRoutes: ApiRoute[] = [
  {
    /**
     * POST /messages: sends a channel or direct message and returns its ID. Channel messages need
     * the channel's can_send_message_group; wildcard mentions are checked against
     * can_mention_many_users_group; the sender's automatic follow/unmute settings
     * may change their topic policy (user_topic event, automatic_new_visibility_policy). The
     * `message` event goes to every queue of every receiver; the queue named by queue_id also
     * gets local_id.
     */
    method: 'POST',
    path: '/messages',
    auth: 'user',
    handler: ({ app, user, params, clientName }) => {
      const type = params.requiredString('type');
      checkMessageType(type);
      const to = params.requiredString('to');
      const content = normalizeContent(params.requiredString('content'));
      const queueId = params.string('queue_id');
      const localId = params.string('local_id');
      if (queueId !== undefined && localId === undefined) throw missingParam('local_id');
      const readBySender = params.bool('read_by_sender') ?? defaultReadBySender(clientName);
      // Topics mean nothing for direct messages; Zulip reads and ignores them.
      const topic = params.string('topic') ?? params.string('subject');
      if (!isChannelType(type)) params.accept('topic', 'subject');
      const destination = resolveDestination(app, user, type, to, topic);
      const { id, policy } = sendMessage(app, {
        sender: user,
        destination,
        content,
        client: clientName,
        readBySender,
        queueId,
        localId,
      });
      return { id, ...(policy === null ? {} : { automatic_new_visibility_policy: policy }) };
    },
  },
];

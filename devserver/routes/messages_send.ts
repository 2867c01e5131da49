import { nowSeconds } from '../app';
import { publishMessage } from '../events/message_events';
import { badRequest, missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { resolveChannel, resolveDirectRecipients } from '../messaging/addressing';
import { storeDirectory } from '../messaging/directory';
import { defaultReadBySender, normalizeContent, normalizeTopic } from '../messaging/normalize';
import { writeMessage, type Destination } from '../messaging/write';

const CHANNEL_TYPES = new Set(['stream', 'channel']);
const DIRECT_TYPES = new Set(['direct', 'private']);

export const messageSendRoutes: ApiRoute[] = [
  {
    /**
     * POST /messages: sends a channel or direct message and returns its ID. The `message` event
     * goes to every queue of every receiver; the queue named by queue_id also gets local_id.
     */
    method: 'POST',
    path: '/messages',
    auth: 'user',
    handler: ({ app, user, params, clientName }) => {
      const type = params.requiredString('type');
      if (!CHANNEL_TYPES.has(type) && !DIRECT_TYPES.has(type)) throw badRequest('Invalid message type');
      const to = params.requiredString('to');
      const content = normalizeContent(params.requiredString('content'));
      const queueId = params.string('queue_id');
      const localId = params.string('local_id');
      if (queueId !== undefined && localId === undefined) throw missingParam('local_id');
      const readBySender = params.bool('read_by_sender') ?? defaultReadBySender(clientName);
      const realm = app.store.realm.get();

      let destination: Destination;
      if (CHANNEL_TYPES.has(type)) {
        const channel = resolveChannel(app.store, user, to);
        const rawTopic = params.string('topic') ?? params.string('subject');
        if (rawTopic === undefined) throw missingParam('topic');
        destination = { kind: 'channel', channel, topic: normalizeTopic(rawTopic, channel, realm) };
      } else {
        // Topics mean nothing for direct messages; Zulip reads and ignores them.
        params.accept('topic', 'subject');
        destination = { kind: 'direct', userIds: resolveDirectRecipients(app.store, realm, to) };
      }

      const written = app.store.transaction(() =>
        writeMessage(app.store, {
          senderId: user.id,
          destination,
          content,
          dateSent: nowSeconds(),
          client: clientName,
          readBySender,
          directory: storeDirectory(app.store),
        }),
      );
      publishMessage(app, written, { sender: user, queueId, localId });
      return { id: written.id };
    },
  },
];

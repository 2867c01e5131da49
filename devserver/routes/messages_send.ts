import { nowSeconds } from '../app';
import { checkCanPost } from '../channels/post_policy';
import { publishMessage } from '../events/message_events';
import { GroupGraph } from '../groups/graph';
import { badRequest, missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { renderMarkdown } from '../markdown/render';
import { resolveChannel, resolveDirectRecipients } from '../messaging/addressing';
import { storeDirectory } from '../messaging/directory';
import { defaultReadBySender, normalizeContent, normalizeTopic } from '../messaging/normalize';
import { applyPolicyOnSend, followWhereMentioned } from '../messaging/visibility';
import { checkWildcardMentions } from '../messaging/wildcards';
import { writeMessage, type Destination } from '../messaging/write';
import { claimUploads } from '../uploads/files';

const CHANNEL_TYPES = new Set(['stream', 'channel']);
const DIRECT_TYPES = new Set(['direct', 'private']);

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
        checkCanPost(app, GroupGraph.load(app.store), user, channel);
        const rawTopic = params.string('topic') ?? params.string('subject');
        if (rawTopic === undefined) throw missingParam('topic');
        destination = { kind: 'channel', channel, topic: normalizeTopic(rawTopic, channel, realm) };
      } else {
        // Topics mean nothing for direct messages; Zulip reads and ignores them.
        params.accept('topic', 'subject');
        destination = { kind: 'direct', userIds: resolveDirectRecipients(app.store, realm, to) };
      }

      const directory = storeDirectory(app.store);
      const rendered = renderMarkdown(content, directory);
      if (destination.kind === 'channel') {
        const { channel, topic } = destination;
        checkWildcardMentions(app.store, user, channel, topic, rendered, app.options.wildcardMentionThreshold);
      }
      const written = app.store.transaction(() =>
        writeMessage(app.store, {
          senderId: user.id,
          destination,
          content,
          rendered,
          dateSent: nowSeconds(),
          client: clientName,
          readBySender,
          directory,
        }),
      );
      // As on Zulip, topic policy changes are announced before the message itself.
      let policy: number | null = null;
      if (destination.kind === 'channel') {
        const { channel, topic } = destination;
        policy = applyPolicyOnSend(app, user, channel, topic, written.id);
        const mentioned = [...rendered.mentionedUserIds].filter((id) => written.receivers.has(id));
        followWhereMentioned(app, mentioned, channel, topic);
      }
      publishMessage(app, written, { sender: user, queueId, localId });
      claimUploads(app, user, written.id, content);
      return { id: written.id, ...(policy === null ? {} : { automatic_new_visibility_policy: policy }) };
    },
  },
];

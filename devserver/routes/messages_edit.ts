import { nowSeconds } from '../app';
import { badRequest } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { messageIdParam } from '../messaging/access';
import { deleteMessageAsUser } from '../messaging/delete';
import { editMessage } from '../messaging/edit';
import type { PropagateMode } from '../messaging/edit_request';

const MODES = new Set(['change_one', 'change_later', 'change_all']);

export const messageEditRoutes: ApiRoute[] = [
  {
    /**
     * PATCH /messages/{message_id}: edits content, and/or moves the message (topic, stream_id)
     * with propagate_mode change_one/change_later/change_all. Renaming a topic to "✔ topic"
     * resolves it. Emits update_message (and user_topic, delete_message, Notification Bot
     * messages as the edit calls for).
     */
    method: 'PATCH',
    path: '/messages/{message_id}',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      const messageId = messageIdParam(pathParams);
      const propagateMode = params.string('propagate_mode') ?? 'change_one';
      if (!MODES.has(propagateMode)) throw badRequest('Invalid propagate_mode');
      const topic = params.string('topic') ?? params.string('subject');
      editMessage(
        app,
        user,
        messageId,
        {
          topic,
          channelId: params.int('stream_id'),
          content: params.string('content'),
          propagateMode: propagateMode as PropagateMode,
          prevContentSha256: params.string('prev_content_sha256'),
        },
        {
          oldThread: params.bool('send_notification_to_old_thread', false),
          newThread: params.bool('send_notification_to_new_thread', true),
        },
      );
      return { detached_uploads: [] };
    },
  },
  {
    /**
     * DELETE /messages/{message_id}: deletes a message (administrators, or the sender where the
     * organization allows deleting one's own messages); delete_message events follow.
     */
    method: 'DELETE',
    path: '/messages/{message_id}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      deleteMessageAsUser(app, user, messageIdParam(pathParams), nowSeconds());
      return {};
    },
  },
];

import { nowSeconds } from '../app';
import { badRequest } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { accessMessage, messageIdParam } from '../messaging/access';
import { MessagePermissions } from '../messaging/permissions';
import { userSettings } from '../register/user_settings';
import type { UserRow } from '../store/rows';

/** Only active people who want typing notifications get them (receives_typing_notifications). */
function wantsTyping(user: UserRow | undefined): user is UserRow {
  return user !== undefined && user.is_active === 1 && userSettings(user)['receives_typing_notifications'] !== false;
}

export const typingEditRoutes: ApiRoute[] = [
  {
    /**
     * POST /messages/{message_id}/typing (feature level 361): the user started or stopped editing
     * the content of a message they may edit (Zulip's checks with no grace period). A channel
     * message's event goes to the channel's subscribers, a direct message's to its participants,
     * in both cases only to those who receive typing notifications; the sender is among them.
     */
    method: 'POST',
    path: '/messages/{message_id}/typing',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      const op = params.requiredString('op');
      if (op !== 'start' && op !== 'stop') throw badRequest('Invalid op');
      const messageId = messageIdParam(pathParams);
      const { row, channel } = accessMessage(app.store, user, messageId);
      const { policy } = new MessagePermissions(app.store, user);
      if (!policy.allowMessageEditing) throw badRequest('Your organization has turned off message editing');
      if (row.sender_id !== user.id) throw badRequest("You don't have permission to edit this message");
      const limit = policy.contentEditLimitSeconds;
      if (limit !== null && nowSeconds() - row.date_sent > limit) {
        throw badRequest('The time limit for editing this message has passed');
      }
      const settings = userSettings(user);
      const base = { type: 'typing_edit_message', op, sender_id: user.id, message_id: messageId };

      if (channel) {
        if (settings['send_stream_typing_notifications'] === false) {
          throw badRequest('User has disabled typing notifications for channel messages');
        }
        const audience = app.store.channels
          .subscribers(channel.id)
          .filter((id) => wantsTyping(app.store.users.byId(id)));
        const recipient = { type: 'channel', channel_id: channel.id, topic: row.topic };
        app.queues.publish(audience, 'typing_edit_message', () => ({ ...base, recipient }));
        return {};
      }
      if (settings['send_private_typing_notifications'] === false) {
        throw badRequest('User has disabled typing notifications for direct messages');
      }
      const participants = app.store.recipients.participants(row.recipient_id);
      const audience = [...new Set([...participants, user.id])]
        .sort((a, b) => a - b)
        .filter((id) => wantsTyping(app.store.users.byId(id)));
      const recipient = { type: 'direct', user_ids: audience };
      app.queues.publish(audience, 'typing_edit_message', () => ({ ...base, recipient }));
      return {};
    },
  },
];

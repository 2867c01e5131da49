import { publishToUser } from '../events/records';
import { badRequest } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { normalizeContent } from '../messaging/normalize';
import { checkMessageType, isChannelType, resolveDestination } from '../messaging/send';
import {
  deliveryTime,
  destinationColumns,
  pathId,
  readBySenderDefault,
  renderFor,
  scheduledNotFound,
} from '../scheduled/schedule';
import { SEND_LATER } from '../store/scheduled_messages';
import { formatScheduledMessage } from '../views/scheduled_messages';

const idOf = (pathParams: Record<string, string>) => pathId(pathParams, 'scheduled_message_id', scheduledNotFound);

export const scheduledMessageRoutes: ApiRoute[] = [
  {
    /** GET /scheduled_messages: the caller's undelivered ones, soonest first (failed ones too). */
    method: 'GET',
    path: '/scheduled_messages',
    auth: 'user',
    handler: ({ app, user }) => ({
      scheduled_messages: app.store.records.scheduled.pending(user.id, SEND_LATER).map(formatScheduledMessage),
    }),
  },
  {
    /**
     * POST /scheduled_messages: checked as a message sent now would be (channel, permission,
     * recipients), then held until scheduled_delivery_timestamp. `scheduled_messages` `add` goes
     * to every client of the user.
     */
    method: 'POST',
    path: '/scheduled_messages',
    auth: 'user',
    handler: ({ app, user, params, clientName }) => {
      const type = params.requiredString('type');
      checkMessageType(type);
      const to = params.requiredString('to');
      const content = normalizeContent(params.requiredString('content'));
      const at = params.requiredInt('scheduled_delivery_timestamp');
      deliveryTime(params);
      const topic = params.string('topic');
      const destination = resolveDestination(app, user, type, to, topic);
      const readBySender = params.bool('read_by_sender') ?? readBySenderDefault(clientName, user, destination);
      const row = app.store.records.scheduled.insert({
        sender_id: user.id,
        delivery_type: SEND_LATER,
        ...destinationColumns(user, destination),
        content,
        rendered_content: renderFor(app, content),
        scheduled_timestamp: at,
        read_by_sender: readBySender ? 1 : 0,
        client: clientName,
        reminder_target_message_id: null,
        reminder_note: null,
      });
      publishToUser(app, user.id, {
        type: 'scheduled_messages',
        op: 'add',
        scheduled_messages: [formatScheduledMessage(row)],
      });
      return { scheduled_message_id: row.id };
    },
  },
  {
    /**
     * PATCH /scheduled_messages/{id}: any of type (with to), to, topic, content and the time. A
     * failed one needs a new time; editing clears the failure. `scheduled_messages` `update`.
     */
    method: 'PATCH',
    path: '/scheduled_messages/{scheduled_message_id}',
    auth: 'user',
    handler: ({ app, user, params, pathParams, clientName }) => {
      const row = app.store.records.scheduled.get(user.id, idOf(pathParams), SEND_LATER);
      if (!row) throw scheduledNotFound();
      if (row.delivered === 1) throw badRequest('Scheduled message was already sent');
      const at = deliveryTime(params);
      if (row.failed === 1 && at === undefined) throw badRequest('Scheduled delivery time must be in the future.');
      const type = params.string('type');
      if (type !== undefined) checkMessageType(type);
      const to = params.string('to');
      if (type !== undefined && to === undefined)
        throw badRequest('Recipient required when updating type of scheduled message.');
      const topic = params.string('topic');
      const rawContent = params.string('content');
      const content = rawContent === undefined ? row.content : normalizeContent(rawContent);
      let columns = { type: row.type, recipients: row.recipients, topic: row.topic };
      if (type !== undefined || to !== undefined || topic !== undefined) {
        const newType = type ?? row.type;
        const destination = resolveDestination(
          app,
          user,
          newType,
          to ?? row.recipients,
          isChannelType(newType) ? (topic ?? row.topic) : undefined,
        );
        columns = destinationColumns(user, destination);
      }
      const updated = app.store.records.scheduled.update({
        ...row,
        ...columns,
        content,
        rendered_content: rawContent === undefined ? row.rendered_content : renderFor(app, content),
        scheduled_timestamp: at ?? row.scheduled_timestamp,
        client: clientName,
        failed: 0,
        failure_message: null,
      });
      publishToUser(app, user.id, {
        type: 'scheduled_messages',
        op: 'update',
        scheduled_message: formatScheduledMessage(updated),
      });
      return {};
    },
  },
  {
    /** DELETE /scheduled_messages/{id}: cancels it; `scheduled_messages` `remove`. */
    method: 'DELETE',
    path: '/scheduled_messages/{scheduled_message_id}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      const row = app.store.records.scheduled.get(user.id, idOf(pathParams), SEND_LATER);
      if (!row) throw scheduledNotFound();
      app.store.records.scheduled.delete(row.id);
      publishToUser(app, user.id, { type: 'scheduled_messages', op: 'remove', scheduled_message_id: row.id });
      return {};
    },
  },
];

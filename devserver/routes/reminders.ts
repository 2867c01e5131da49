import { publishToUser } from '../events/records';
import { missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { accessMessage } from '../messaging/access';
import { normalizeNote, reminderContent } from '../scheduled/reminder_content';
import { deliveryTime, pathId, reminderNotFound, renderFor } from '../scheduled/schedule';
import { REMIND } from '../store/scheduled_messages';
import { formatReminder } from '../views/scheduled_messages';

export const reminderRoutes: ApiRoute[] = [
  {
    /** GET /reminders (FL 399): the caller's undelivered reminders, soonest first. */
    method: 'GET',
    path: '/reminders',
    auth: 'user',
    handler: ({ app, user }) => ({
      reminders: app.store.records.scheduled.pending(user.id, REMIND).map(formatReminder),
    }),
  },
  {
    /**
     * POST /reminders (FL 381; note FL 415): at the given time the Notification Bot sends the user
     * a direct message quoting the message, with a link to it. `reminders` `add`.
     */
    method: 'POST',
    path: '/reminders',
    auth: 'user',
    handler: ({ app, user, params, clientName }) => {
      const messageId = params.requiredInt('message_id');
      if (!params.has('scheduled_delivery_timestamp')) throw missingParam('scheduled_delivery_timestamp');
      const at = deliveryTime(params) as number;
      const rawNote = params.string('note');
      const note = rawNote === undefined ? '' : normalizeNote(rawNote);
      const target = accessMessage(app.store, user, messageId);
      const content = reminderContent(app, user, target, note);
      const row = app.store.records.scheduled.insert({
        sender_id: user.id,
        delivery_type: REMIND,
        type: 'private',
        recipients: JSON.stringify([user.id]),
        topic: '',
        content,
        rendered_content: renderFor(app, content),
        scheduled_timestamp: at,
        read_by_sender: 0,
        client: clientName,
        reminder_target_message_id: messageId,
        reminder_note: note === '' ? null : note,
      });
      publishToUser(app, user.id, { type: 'reminders', op: 'add', reminders: [formatReminder(row)] });
      return { reminder_id: row.id };
    },
  },
  {
    /** DELETE /reminders/{reminder_id} (FL 399): cancels it; `reminders` `remove`. */
    method: 'DELETE',
    path: '/reminders/{reminder_id}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      const row = app.store.records.scheduled.get(user.id, pathId(pathParams, 'reminder_id', reminderNotFound), REMIND);
      if (!row) throw reminderNotFound();
      app.store.records.scheduled.delete(row.id);
      publishToUser(app, user.id, { type: 'reminders', op: 'remove', reminder_id: row.id });
      return {};
    },
  },
];

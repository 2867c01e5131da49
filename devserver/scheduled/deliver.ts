import { nowSeconds, type App } from '../app';
import { sendNotice } from '../channels/notices';
import { publishToUser } from '../events/records';
import { ApiError } from '../http/errors';
import { accessMessage } from '../messaging/access';
import { resolveDestination, sendMessage } from '../messaging/send';
import type { UserRow } from '../store/rows';
import { REMIND, type ScheduledRow } from '../store/scheduled_messages';
import { formatScheduledMessage } from '../views/scheduled_messages';
import { reminderContent } from './reminder_content';

/** Zulip sends nothing more than ten minutes late (SCHEDULED_MESSAGE_LATE_CUTOFF_MINUTES). */
const LATE_CUTOFF_SECONDS = 10 * 60;

class DeliveryFailed extends Error {
  constructor(
    message: string,
    /** False for a deactivated sender: nobody is told, as on Zulip. */
    readonly notify = true,
  ) {
    super(message);
  }
}

/**
 * Sends every scheduled message and reminder whose time has come, soonest first, as Zulip's
 * deliver_scheduled_messages worker does: a message is checked again as if sent now; one that
 * fails is kept with `failed: true` (an update event) and the Notification Bot says why.
 * Returns how many were tried.
 */
export function deliverDue(app: App): number {
  const due = app.store.records.scheduled.due(nowSeconds());
  for (const row of due) deliverOne(app, row);
  return due.length;
}

function deliverOne(app: App, row: ScheduledRow): void {
  const scheduled = app.store.records.scheduled;
  const sender = app.store.users.byId(row.sender_id);
  try {
    if (!sender || sender.is_active !== 1) throw new DeliveryFailed('Account is deactivated', false);
    const messageId = row.delivery_type === REMIND ? sendReminder(app, sender, row) : sendLater(app, sender, row);
    scheduled.update({ ...row, delivered: 1, delivered_message_id: messageId });
    const event =
      row.delivery_type === REMIND
        ? { type: 'reminders', op: 'remove', reminder_id: row.id }
        : { type: 'scheduled_messages', op: 'remove', scheduled_message_id: row.id };
    publishToUser(app, row.sender_id, event);
  } catch (error) {
    const message =
      error instanceof ApiError || error instanceof DeliveryFailed ? error.message : 'Internal server error';
    const failed = scheduled.update({ ...row, failed: 1, failure_message: message });
    const notify = !(error instanceof DeliveryFailed) || error.notify;
    if (notify && row.delivery_type !== REMIND) {
      publishToUser(app, row.sender_id, {
        type: 'scheduled_messages',
        op: 'update',
        scheduled_message: formatScheduledMessage(failed),
      });
      const when = `<time:${new Date(row.scheduled_timestamp * 1000).toISOString().replace('.000Z', 'Z')}>`;
      const text = `The message you scheduled for ${when} was not sent because of the following error:\n\n> ${message}\n\n[View scheduled messages](#scheduled)\n\n`;
      sendNotice(app, { kind: 'direct', userIds: [row.sender_id] }, text);
    }
  }
}

function sendLater(app: App, sender: UserRow, row: ScheduledRow): number {
  if (nowSeconds() > row.scheduled_timestamp + LATE_CUTOFF_SECONDS) {
    throw new DeliveryFailed('Message could not be sent at the scheduled time.');
  }
  const topic = row.type === 'stream' ? row.topic : undefined;
  const destination = resolveDestination(app, sender, row.type, row.recipients, topic);
  const { id } = sendMessage(app, {
    sender,
    destination,
    content: row.content,
    client: row.client,
    readBySender: row.read_by_sender === 1,
  });
  return id;
}

/** From the Notification Bot to the user, with the message as it reads now (if they can still see it). */
function sendReminder(app: App, sender: UserRow, row: ScheduledRow): number {
  let content = row.content;
  try {
    const target = accessMessage(app.store, sender, row.reminder_target_message_id ?? 0);
    content = reminderContent(app, sender, target, row.reminder_note ?? '');
  } catch {
    // Gone or no longer visible: the text saved when the reminder was made stands.
  }
  const id = sendNotice(app, { kind: 'direct', userIds: [sender.id] }, content);
  if (id === null) throw new DeliveryFailed('Reminder could not be sent.');
  return id;
}

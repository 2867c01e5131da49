/** scheduled_messages (add, update, remove) and reminders (add, remove) events. */
import type { RemindersEvent, ScheduledMessagesEvent } from '../../api/schemas/scheduled';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyScheduledMessages({ store }: ApplyContext, ev: ScheduledMessagesEvent): Delta[] {
  if (ev.op === 'add') ev.scheduled_messages.forEach((m) => store.scheduledMessages.upsert(m));
  else if (ev.op === 'update') store.scheduledMessages.upsert(ev.scheduled_message);
  else store.scheduledMessages.remove(ev.scheduled_message_id);
  return [{ kind: 'recordsChanged', areas: ['scheduled'] }];
}

export function applyReminders({ store }: ApplyContext, ev: RemindersEvent): Delta[] {
  if (ev.op === 'add') ev.reminders.forEach((r) => store.reminders.upsert(r));
  else store.reminders.remove(ev.reminder_id);
  return [{ kind: 'recordsChanged', areas: ['scheduled'] }];
}

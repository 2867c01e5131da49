/**
 * Scheduled messages and reminders for the renderer: the lists from the cache (offline too), with
 * the names of where each goes; changes through the server, which sends the events that change
 * the cache (one way in, as every record).
 */
import type { ReminderView, ScheduledCalls, ScheduledMessageView } from '../../common/ipc/scheduled-contract';
import type { CallArgs } from '../../common/ipc/contract';
import type { ComposeTarget } from '../../common/model';
import {
  createReminder,
  createScheduledMessage,
  deleteReminder,
  deleteScheduledMessage,
  editScheduledMessage,
  type ScheduledTarget,
} from '../api/routes/scheduled';
import type { Reminder, ScheduledMessage } from '../api/schemas/scheduled';
import type { ActionContext } from '../records/channel-actions';
import { requireFeature } from '../records/gates';
import type { AccountStore } from '../store/account-store';

type Lists = ReturnType<ScheduledCalls['scheduled:list']>;

function messageView(store: AccountStore, m: ScheduledMessage): ScheduledMessageView {
  const base = {
    id: m.scheduled_message_id,
    content: m.content,
    renderedContent: m.rendered_content,
    deliverAt: m.scheduled_delivery_timestamp,
    failed: m.failed,
  };
  if (m.type === 'stream' && typeof m.to === 'number') {
    const channelName = store.channelDirectory.get(m.to)?.name ?? 'Unknown channel';
    return { ...base, to: { kind: 'channel', channelId: m.to, channelName, topic: m.topic ?? '' } };
  }
  const userIds = Array.isArray(m.to) ? m.to : [m.to];
  const names = store.users.fullNames(userIds);
  return { ...base, to: { kind: 'dm', userIds, names: userIds.map((id) => names.get(id) ?? 'Unknown user') } };
}

function reminderView(r: Reminder): ReminderView {
  return {
    id: r.reminder_id,
    messageId: r.reminder_target_message_id,
    renderedContent: r.rendered_content,
    deliverAt: r.scheduled_delivery_timestamp,
    failed: r.failed,
  };
}

export function listScheduled(store: AccountStore): Lists {
  return {
    messages: store.scheduledMessages.all().map((m) => messageView(store, m)),
    reminders: store.reminders.all().map(reminderView),
  };
}

function targetOf(to: ComposeTarget): ScheduledTarget {
  return to.kind === 'channel'
    ? { type: 'channel', to: to.channelId, topic: to.topic }
    : { type: 'direct', to: to.userIds };
}

export async function schedule(ctx: ActionContext, a: CallArgs<'scheduled:create'>): Promise<{ id: number }> {
  requireFeature(ctx.gates, 'scheduledMessages');
  return { id: await createScheduledMessage(ctx.client, { ...targetOf(a.to), content: a.content, at: a.at }) };
}

export async function reschedule(ctx: ActionContext, a: CallArgs<'scheduled:update'>): Promise<null> {
  requireFeature(ctx.gates, 'scheduledMessages');
  await editScheduledMessage(ctx.client, a.id, { content: a.content, at: a.at });
  return null;
}

export async function unschedule(ctx: ActionContext, id: number): Promise<null> {
  requireFeature(ctx.gates, 'scheduledMessages');
  await deleteScheduledMessage(ctx.client, id);
  return null;
}

export async function remind(ctx: ActionContext, a: CallArgs<'reminders:create'>): Promise<{ id: number }> {
  requireFeature(ctx.gates, 'reminders');
  return { id: await createReminder(ctx.client, { messageId: a.messageId, at: a.at, note: a.note }) };
}

export async function cancelReminder(ctx: ActionContext, id: number): Promise<null> {
  requireFeature(ctx.gates, 'reminders');
  await deleteReminder(ctx.client, id);
  return null;
}

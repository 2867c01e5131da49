/** Scheduled messages (FL 179, editing FL 184) and message reminders (FL 381; list/delete FL 399). */
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';
import {
  CreateReminderResponse,
  CreateScheduledResponse,
  RemindersResponse,
  ScheduledMessagesResponse,
  type Reminder,
  type ScheduledMessage,
} from '../schemas/scheduled';

/** Where a scheduled message goes: a channel and topic, or the people of a direct message. */
export type ScheduledTarget = { type: 'channel'; to: number; topic: string } | { type: 'direct'; to: number[] };

export async function getScheduledMessages(client: ApiClient, opts: RequestOptions = {}): Promise<ScheduledMessage[]> {
  return (await client.request('GET', '/scheduled_messages', {}, ScheduledMessagesResponse, opts)).scheduled_messages;
}

/** POST /scheduled_messages: `at` in Unix seconds, in the future. Returns the new ID. */
export async function createScheduledMessage(
  client: ApiClient,
  params: ScheduledTarget & { content: string; at: number },
  opts: RequestOptions = {},
): Promise<number> {
  const { at, ...rest } = params;
  const body = { ...rest, scheduled_delivery_timestamp: at };
  return (await client.request('POST', '/scheduled_messages', body, CreateScheduledResponse, opts))
    .scheduled_message_id;
}

/** PATCH /scheduled_messages/{id}: whichever of content, time and destination is given. */
export async function editScheduledMessage(
  client: ApiClient,
  id: number,
  params: { content?: string | undefined; at?: number | undefined; target?: ScheduledTarget | undefined },
  opts: RequestOptions = {},
): Promise<void> {
  const body: Record<string, unknown> = {};
  if (params.content !== undefined) body['content'] = params.content;
  if (params.at !== undefined) body['scheduled_delivery_timestamp'] = params.at;
  if (params.target) Object.assign(body, params.target);
  await client.request('PATCH', `/scheduled_messages/${id}`, body, SuccessEnvelope, opts);
}

export async function deleteScheduledMessage(client: ApiClient, id: number, opts: RequestOptions = {}): Promise<void> {
  await client.request('DELETE', `/scheduled_messages/${id}`, {}, SuccessEnvelope, opts);
}

export async function getReminders(client: ApiClient, opts: RequestOptions = {}): Promise<Reminder[]> {
  return (await client.request('GET', '/reminders', {}, RemindersResponse, opts)).reminders;
}

/** POST /reminders: the Notification Bot reminds the user of this message at `at` (Unix seconds). */
export async function createReminder(
  client: ApiClient,
  params: { messageId: number; at: number; note?: string | undefined },
  opts: RequestOptions = {},
): Promise<number> {
  const body: Record<string, unknown> = { message_id: params.messageId, scheduled_delivery_timestamp: params.at };
  if (params.note) body['note'] = params.note;
  return (await client.request('POST', '/reminders', body, CreateReminderResponse, opts)).reminder_id;
}

export async function deleteReminder(client: ApiClient, id: number, opts: RequestOptions = {}): Promise<void> {
  await client.request('DELETE', `/reminders/${id}`, {}, SuccessEnvelope, opts);
}

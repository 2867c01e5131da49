/**
 * Scheduled messages (FL 173/179/184) and message reminders (FL 381/399): the objects, the events
 * that keep every client of the user in step, and the route answers.
 */
import * as z from 'zod';
import { SuccessEnvelope } from './common';

const id = z.number().int();

export const ScheduledMessage = z.looseObject({
  scheduled_message_id: id,
  type: z.enum(['stream', 'private']),
  /** The channel's ID, or the user IDs of a direct message. */
  to: z.union([id, z.array(id)]),
  topic: z.string().optional(),
  content: z.string(),
  rendered_content: z.string(),
  scheduled_delivery_timestamp: z.number(),
  failed: z.boolean(),
});
export type ScheduledMessage = z.infer<typeof ScheduledMessage>;

export const Reminder = z.looseObject({
  reminder_id: id,
  content: z.string(),
  rendered_content: z.string(),
  scheduled_delivery_timestamp: z.number(),
  failed: z.boolean(),
  reminder_target_message_id: id,
});
export type Reminder = z.infer<typeof Reminder>;

const op = <T extends string, O extends string>(type: T, o: O) => ({ id, type: z.literal(type), op: z.literal(o) });

export const ScheduledMessagesEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...op('scheduled_messages', 'add'), scheduled_messages: z.array(ScheduledMessage) }),
  z.looseObject({ ...op('scheduled_messages', 'update'), scheduled_message: ScheduledMessage }),
  z.looseObject({ ...op('scheduled_messages', 'remove'), scheduled_message_id: id }),
]);
export type ScheduledMessagesEvent = z.infer<typeof ScheduledMessagesEvent>;

export const RemindersEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...op('reminders', 'add'), reminders: z.array(Reminder) }),
  z.looseObject({ ...op('reminders', 'remove'), reminder_id: id }),
]);
export type RemindersEvent = z.infer<typeof RemindersEvent>;

export const SCHEDULED_EVENT_SCHEMAS = {
  scheduled_messages: ScheduledMessagesEvent,
  reminders: RemindersEvent,
} as const;

export const SCHEDULED_KNOWN_OPS = {
  scheduled_messages: ['add', 'update', 'remove'],
  reminders: ['add', 'remove'],
} as const;

export const ScheduledMessagesResponse = SuccessEnvelope.extend({ scheduled_messages: z.array(ScheduledMessage) });
export const CreateScheduledResponse = SuccessEnvelope.extend({ scheduled_message_id: id });
export const RemindersResponse = SuccessEnvelope.extend({ reminders: z.array(Reminder) });
export const CreateReminderResponse = SuccessEnvelope.extend({ reminder_id: id });

import type { ScheduledRow } from '../store/scheduled_messages';

/** The API's ScheduledMessage: `to` is the channel ID, or the user IDs of a direct message. */
export function formatScheduledMessage(row: ScheduledRow): Record<string, unknown> {
  const to = JSON.parse(row.recipients) as number | number[];
  return {
    scheduled_message_id: row.id,
    type: row.type,
    to,
    ...(row.type === 'stream' ? { topic: row.topic } : {}),
    content: row.content,
    rendered_content: row.rendered_content,
    scheduled_delivery_timestamp: row.scheduled_timestamp,
    failed: row.failed === 1,
  };
}

/** The API's Reminder: always a direct message to the user who asked for it. */
export function formatReminder(row: ScheduledRow): Record<string, unknown> {
  return {
    reminder_id: row.id,
    type: 'private',
    to: [row.sender_id],
    content: row.content,
    rendered_content: row.rendered_content,
    scheduled_delivery_timestamp: row.scheduled_timestamp,
    failed: row.failed === 1,
    reminder_target_message_id: row.reminder_target_message_id,
  };
}

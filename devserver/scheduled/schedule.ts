import { nowSeconds, type App } from '../app';
import { ApiError, badRequest } from '../http/errors';
import type { Params } from '../http/params';
import { renderMarkdown } from '../markdown/render';
import { storeDirectory } from '../messaging/directory';
import { defaultReadBySender } from '../messaging/normalize';
import type { Destination } from '../messaging/write';
import type { UserRow } from '../store/rows';
import type { ScheduledRow } from '../store/scheduled_messages';

export const scheduledNotFound = (): ApiError => new ApiError(404, 'BAD_REQUEST', 'Scheduled message does not exist');
export const reminderNotFound = (): ApiError => new ApiError(404, 'BAD_REQUEST', 'Reminder does not exist');

/** scheduled_delivery_timestamp, which must lie in the future (Zulip's DeliveryTimeNotInFutureError). */
export function deliveryTime(params: Params): number | undefined {
  const at = params.int('scheduled_delivery_timestamp');
  if (at !== undefined && at <= nowSeconds()) throw badRequest('Scheduled delivery time must be in the future.');
  return at;
}

/** The {scheduled_message_id} / {reminder_id} path segment. */
export function pathId(pathParams: Record<string, string>, name: string, notFound: () => ApiError): number {
  const raw = pathParams[name] ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** The columns a destination fills: `to` as the API reports it (the others of a DM, or yourself alone). */
export function destinationColumns(
  sender: UserRow,
  destination: Destination,
): Pick<ScheduledRow, 'type' | 'recipients' | 'topic'> {
  if (destination.kind === 'channel') {
    return { type: 'stream', recipients: JSON.stringify(destination.channel.id), topic: destination.topic };
  }
  const others = [...new Set(destination.userIds)].filter((id) => id !== sender.id).sort((a, b) => a - b);
  return { type: 'private', recipients: JSON.stringify(others.length > 0 ? others : [sender.id]), topic: '' };
}

/** As Zulip: read by the sender when an interactive client scheduled it, unless it goes to themself alone. */
export function readBySenderDefault(clientName: string, sender: UserRow, destination: Destination): boolean {
  const toSelf = destination.kind === 'direct' && destination.userIds.every((id) => id === sender.id);
  return defaultReadBySender(clientName) && !toSelf;
}

export function renderFor(app: App, content: string): string {
  return renderMarkdown(content, storeDirectory(app.store)).html;
}

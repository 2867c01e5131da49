/**
 * The part of the IPC contract about scheduled messages and reminders. ./contract.ts merges these
 * into Calls. Lists answer from the cache (offline too); changes go through the server and come
 * back as records:changed with the 'scheduled' area once its event arrives.
 */
import type { ComposeTarget } from '../model';

type Account = { accountId: string };

/** Where a scheduled message will go, with the names the list shows. */
export type ScheduledDestination =
  | { kind: 'channel'; channelId: number; channelName: string; topic: string }
  | { kind: 'dm'; userIds: number[]; names: string[] };

export interface ScheduledMessageView {
  id: number;
  to: ScheduledDestination;
  /** Markdown as written. */
  content: string;
  /** Unsanitized server HTML. */
  renderedContent: string;
  /** Unix seconds. */
  deliverAt: number;
  /** The server tried and could not send it; it needs a new time. */
  failed: boolean;
}

export interface ReminderView {
  id: number;
  messageId: number;
  /** Unsanitized server HTML of the Notification Bot's message to come. */
  renderedContent: string;
  /** Unix seconds. */
  deliverAt: number;
  failed: boolean;
}

export interface ScheduledCalls {
  /** Both lists, soonest first. */
  'scheduled:list': (args: Account) => { messages: ScheduledMessageView[]; reminders: ReminderView[] };
  /** `at` in Unix seconds, in the future. */
  'scheduled:create': (args: Account & { to: ComposeTarget; content: string; at: number }) => { id: number };
  /** A failed one needs a new `at`. */
  'scheduled:update': (args: Account & { id: number; content?: string | undefined; at?: number | undefined }) => null;
  'scheduled:delete': (args: Account & { id: number }) => null;
  /** "Remind me about this": the Notification Bot sends the user a link to the message at `at`. */
  'reminders:create': (args: Account & { messageId: number; at: number; note?: string | undefined }) => { id: number };
  'reminders:delete': (args: Account & { id: number }) => null;
}

export const SCHEDULED_CALL_NAMES = [
  'scheduled:list',
  'scheduled:create',
  'scheduled:update',
  'scheduled:delete',
  'reminders:create',
  'reminders:delete',
] as const satisfies readonly (keyof ScheduledCalls)[];

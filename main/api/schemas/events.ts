/**
 * Schemas of the event families the sync loop applies. Each is loose (extra fields kept);
 * families with an `op` are discriminated on it. ./event-parse.ts decides which schema an
 * incoming event gets and turns everything else into an UnknownEvent.
 */
import * as z from 'zod';
import { versionFields } from './common';
import { Message } from './message';
import { PRESENCE_EVENT_SCHEMAS } from './presence';
import { RECORD_EVENT_SCHEMAS, RECORD_KNOWN_OPS } from './record-events';
import { SCHEDULED_EVENT_SCHEMAS, SCHEDULED_KNOWN_OPS } from './scheduled';
import { Subscription } from './subscription';
import { User } from './user';

const id = z.number().int();
const ids = z.array(id);
const base = <T extends string>(type: T) => ({ id, type: z.literal(type) });

export const MessageEvent = z.looseObject({
  ...base('message'),
  message: Message,
  /** The user's flags for this message; do not assume it is unread. */
  flags: z.array(z.string()).default([]),
  /** Echoed when our own send passed queue_id and local_id. */
  local_id: z.string().optional(),
});

export const HeartbeatEvent = z.looseObject(base('heartbeat'));

export const UpdateMessageEvent = z.looseObject({
  ...base('update_message'),
  message_id: id,
  /** Every message a move touched (always includes message_id; filled in by event-parse when absent). */
  message_ids: ids,
  user_id: id.nullable().optional(),
  rendering_only: z.boolean().optional(),
  /** The user's flags on message_id after the edit; absent means "not said" (never "no flags"). */
  flags: z.array(z.string()).optional(),
  edit_timestamp: z.number().optional(),
  stream_id: id.optional(),
  new_stream_id: id.optional(),
  stream_name: z.string().optional(),
  propagate_mode: z.string().optional(),
  orig_subject: z.string().optional(),
  subject: z.string().optional(),
  orig_content: z.string().optional(),
  orig_rendered_content: z.string().optional(),
  content: z.string().optional(),
  rendered_content: z.string().optional(),
  is_me_message: z.boolean().optional(),
});

/** Always carries message_ids: the legacy one-message form is widened in event-parse. */
export const DeleteMessageEvent = z.looseObject({
  ...base('delete_message'),
  message_ids: ids,
  message_type: z.string().optional(),
  stream_id: id.optional(),
  topic: z.string().optional(),
});

export const UpdateMessageFlagsEvent = z.looseObject({
  ...base('update_message_flags'),
  op: z.enum(['add', 'remove']),
  flag: z.string(),
  messages: ids,
  /** Only for read: when true, every message is affected and `messages` is empty. */
  all: z.boolean().optional(),
  message_details: z.record(z.string(), z.looseObject({ type: z.string() })).optional(),
});

export const ReactionEvent = z.looseObject({
  ...base('reaction'),
  op: z.enum(['add', 'remove']),
  message_id: id,
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: z.string(),
  user_id: id,
});

export const SubscriptionEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...base('subscription'), op: z.literal('add'), subscriptions: z.array(Subscription) }),
  z.looseObject({
    ...base('subscription'),
    op: z.literal('remove'),
    subscriptions: z.array(z.looseObject({ stream_id: id, name: z.string().optional() })),
  }),
  z.looseObject({
    ...base('subscription'),
    op: z.literal('update'),
    stream_id: id,
    property: z.string(),
    value: z.unknown(),
  }),
  z.looseObject({ ...base('subscription'), op: z.literal('peer_add'), stream_ids: ids, user_ids: ids }),
  z.looseObject({ ...base('subscription'), op: z.literal('peer_remove'), stream_ids: ids, user_ids: ids }),
]);

/** One of several partial forms (full_name, avatar, role, is_active, ...): only user_id is certain. */
export const RealmUserUpdate = z.looseObject({ user_id: id });

export const RealmUserEvent = z.discriminatedUnion('op', [
  z.looseObject({ ...base('realm_user'), op: z.literal('add'), person: User }),
  z.looseObject({ ...base('realm_user'), op: z.literal('update'), person: RealmUserUpdate }),
  z.looseObject({ ...base('realm_user'), op: z.literal('remove'), person: z.looseObject({ user_id: id }) }),
]);

/** The server was upgraded or restarted: re-register (with jitter) to pick up the new feature level. */
export const RestartEvent = z.looseObject({
  ...base('restart'),
  ...versionFields,
  server_generation: z.number().optional(),
});

/** The known families, by event type. */
export const EVENT_SCHEMAS = {
  message: MessageEvent,
  heartbeat: HeartbeatEvent,
  update_message: UpdateMessageEvent,
  delete_message: DeleteMessageEvent,
  update_message_flags: UpdateMessageFlagsEvent,
  reaction: ReactionEvent,
  subscription: SubscriptionEvent,
  realm_user: RealmUserEvent,
  restart: RestartEvent,
  // Non-message records (channels, groups, drafts, settings, typing, ...).
  ...RECORD_EVENT_SCHEMAS,
  // Presence (who is online) and the user's alert words.
  ...PRESENCE_EVENT_SCHEMAS,
  // Scheduled messages and reminders.
  ...SCHEDULED_EVENT_SCHEMAS,
} as const;

/** Ops we understand for the families that have them; any other op becomes an UnknownEvent. */
export const KNOWN_OPS: Partial<Record<keyof typeof EVENT_SCHEMAS, readonly string[]>> = {
  update_message_flags: ['add', 'remove'],
  reaction: ['add', 'remove'],
  subscription: ['add', 'remove', 'update', 'peer_add', 'peer_remove'],
  realm_user: ['add', 'update', 'remove'],
  ...RECORD_KNOWN_OPS,
  ...SCHEDULED_KNOWN_OPS,
};

/** Any event we have no schema for (or an op we do not know), kept whole for logging or later use. */
export interface UnknownEvent {
  id: number;
  type: 'unknown';
  /** The type the server sent. */
  originalType: string;
  raw: Record<string, unknown>;
  /**
   * Set when a known family's event lacked what we rely on: what was wrong. Such an event is
   * skipped (and logged) rather than failing its whole GET /events answer; raw is then empty, so
   * nothing the server sent reaches a log line.
   */
  malformed?: string;
}

export type MessageEvent = z.infer<typeof MessageEvent>;
export type HeartbeatEvent = z.infer<typeof HeartbeatEvent>;
export type UpdateMessageEvent = z.infer<typeof UpdateMessageEvent>;
export type DeleteMessageEvent = z.infer<typeof DeleteMessageEvent>;
export type UpdateMessageFlagsEvent = z.infer<typeof UpdateMessageFlagsEvent>;
export type ReactionEvent = z.infer<typeof ReactionEvent>;
export type SubscriptionEvent = z.infer<typeof SubscriptionEvent>;
export type RealmUserEvent = z.infer<typeof RealmUserEvent>;
export type RestartEvent = z.infer<typeof RestartEvent>;

export type KnownEvent = {
  [K in keyof typeof EVENT_SCHEMAS]: z.infer<(typeof EVENT_SCHEMAS)[K]>;
}[keyof typeof EVENT_SCHEMAS];
export type ZulipEvent = KnownEvent | UnknownEvent;

/**
 * Presence and alert words: the answers of their routes and their two events. Merged into
 * EVENT_SCHEMAS by ./events.ts.
 */
import * as z from 'zod';
import { SuccessEnvelope } from './common';

const id = z.number().int();

/** The modern format of one user: Unix seconds of the last active report and of the last report of any kind. */
export const ModernPresence = z.looseObject({
  active_timestamp: z.number(),
  idle_timestamp: z.number(),
});
export type ModernPresence = z.infer<typeof ModernPresence>;

/** One client's entry in the legacy format (servers before simplified_presence_events send it in events). */
export const LegacyClientPresence = z.looseObject({
  status: z.enum(['active', 'idle']),
  timestamp: z.number(),
});

/**
 * POST /users/me/presence. With last_update_id or slim_presence the map is keyed by user ID in
 * the modern format; entries in any other shape are kept raw here and skipped by the caller.
 */
export const PresenceResponse = SuccessEnvelope.extend({
  presences: z.record(z.string(), z.unknown()).optional(),
  server_timestamp: z.number().optional(),
  /** FL 263; absent before it. */
  presence_last_update_id: id.optional(),
});
export type PresenceResponse = z.infer<typeof PresenceResponse>;

/**
 * A user came online. With simplified_presence_events (FL 419) it carries `presences` (modern
 * format, possibly several users); older servers send one user's legacy `presence` per client.
 */
export const PresenceEvent = z.looseObject({
  id,
  type: z.literal('presence'),
  presences: z.record(z.string(), z.unknown()).optional(),
  user_id: id.optional(),
  presence: z.record(z.string(), z.unknown()).optional(),
  server_timestamp: z.number().optional(),
});
export type PresenceEvent = z.infer<typeof PresenceEvent>;

/** The user's whole list of alert words, after any change. */
export const AlertWordsEvent = z.looseObject({
  id,
  type: z.literal('alert_words'),
  alert_words: z.array(z.string()),
});
export type AlertWordsEvent = z.infer<typeof AlertWordsEvent>;

export const AlertWordsResponse = SuccessEnvelope.extend({ alert_words: z.array(z.string()) });

export const PRESENCE_EVENT_SCHEMAS = {
  presence: PresenceEvent,
  alert_words: AlertWordsEvent,
} as const;

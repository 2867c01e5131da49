/**
 * Parses one raw event: known families get their schema (after widening legacy field names),
 * anything else becomes an UnknownEvent so a new server feature never stops the sync loop.
 * A known event missing a field we rely on is still an error, naming the field.
 */
import * as z from 'zod';
import { EVENT_SCHEMAS, KNOWN_OPS, type KnownEvent, type UnknownEvent, type ZulipEvent } from './events';

type Raw = Record<string, unknown>;

function isKnownType(type: string): type is keyof typeof EVENT_SCHEMAS {
  return Object.hasOwn(EVENT_SCHEMAS, type);
}

/** Rewrites the older shapes of known events into the current one. Returns a copy. */
export function widenLegacyEvent(raw: Raw): Raw {
  const ev: Raw = { ...raw };
  switch (ev['type']) {
    case 'message':
      // Real Zulip servers name the echoed client ID local_message_id; api-v1.md calls it local_id.
      if (ev['local_id'] === undefined && typeof ev['local_message_id'] === 'string')
        ev['local_id'] = ev['local_message_id'];
      break;
    case 'delete_message':
      // Without the bulk_message_deletion capability there is one event per message_id.
      if (ev['message_ids'] === undefined && typeof ev['message_id'] === 'number')
        ev['message_ids'] = [ev['message_id']];
      break;
    case 'update_message':
      if (ev['message_ids'] === undefined && typeof ev['message_id'] === 'number')
        ev['message_ids'] = [ev['message_id']];
      break;
    case 'update_message_flags':
      if (ev['op'] === undefined && typeof ev['operation'] === 'string') ev['op'] = ev['operation'];
      break;
    case 'reaction': {
      const user = ev['user'];
      if (ev['user_id'] === undefined && typeof user === 'object' && user !== null) {
        ev['user_id'] = (user as Raw)['user_id'];
      }
      break;
    }
    case 'subscription':
      // Before FL 35 peer events named one channel and one user.
      if (ev['op'] === 'peer_add' || ev['op'] === 'peer_remove') {
        if (ev['stream_ids'] === undefined && typeof ev['stream_id'] === 'number') ev['stream_ids'] = [ev['stream_id']];
        if (ev['user_ids'] === undefined && typeof ev['user_id'] === 'number') ev['user_ids'] = [ev['user_id']];
      }
      break;
  }
  return ev;
}

function unknownEvent(raw: Raw & { id: number; type: string }): UnknownEvent {
  return { id: raw.id, type: 'unknown', originalType: raw.type, raw };
}

/** One event of GET /events. */
export const ZulipEventSchema = z
  .looseObject({ id: z.number().int(), type: z.string() })
  .transform((raw, ctx): ZulipEvent => {
    if (!isKnownType(raw.type)) return unknownEvent(raw);
    const ops = KNOWN_OPS[raw.type];
    if (ops && !ops.includes(String(raw['op'] ?? raw['operation']))) return unknownEvent(raw);
    const parsed = EVENT_SCHEMAS[raw.type].safeParse(widenLegacyEvent(raw));
    if (parsed.success) return parsed.data as KnownEvent;
    for (const issue of parsed.error.issues) {
      ctx.issues.push({
        code: 'custom',
        message: `${issue.message} (in a ${raw.type} event)`,
        path: issue.path,
        input: raw,
      });
    }
    return z.NEVER;
  });

/**
 * One element of GET /events' list, never failing the list: an event that does not parse becomes
 * an UnknownEvent marked malformed (skipped and logged by the appliers), so the rest of the batch
 * is applied and last_event_id moves past it. Without even a numeric id there is nothing to
 * advance past, so the element is dropped.
 */
function toleratedEvent(raw: unknown): ZulipEvent | null {
  const parsed = ZulipEventSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields = typeof raw === 'object' && raw !== null ? (raw as Raw) : {};
  const id = fields['id'];
  if (typeof id !== 'number' || !Number.isInteger(id)) return null;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return {
    id,
    type: 'unknown',
    originalType: typeof fields['type'] === 'string' ? fields['type'] : String(typeof fields['type']),
    raw: {},
    malformed: `${issue?.message ?? 'does not parse'}${where}`,
  };
}

/** GET /events' answer. */
export const GetEventsResponse = z.looseObject({
  result: z.literal('success'),
  events: z.array(z.unknown()).transform((list) => list.map(toleratedEvent).filter((ev) => ev !== null)),
  queue_id: z.string().optional(),
});
export type GetEventsResponse = z.infer<typeof GetEventsResponse>;

/**
 * Every known, deliberate difference between the dev server and zulip-openapi.yaml. Each entry
 * patches the parsed file before validation, so the rest of a response is still checked as
 * strictly as before; there is no blanket skip. Add an entry only when the dev server follows
 * api-v1.md (which wins over the file) or demonstrably matches real Zulip where the file is
 * silent or wrong, and list it in devserver/README.md ("Conformance differences") too.
 */
import type { Schema } from './openapi/normalize';

export interface Difference {
  id: string;
  /** What differs, and the document the dev server follows instead of the file. */
  why: string;
  patch(doc: Schema): void;
}

export const DIFFERENCES: Difference[] = [
  {
    id: 'service-version-fields',
    why:
      'api-v1.md §9 names the version fields service_feature_level, service_version and service_merge_base; ' +
      'the file only has the zulip_* names. Both are sent.',
    patch(doc) {
      const fields = {
        service_feature_level: { type: 'integer' },
        service_version: { type: 'string' },
        service_merge_base: { type: 'string' },
      };
      addProperties(doc, 'register_queue_200_response', fields);
      addProperties(doc, 'get_server_settings_200_response', fields);
    },
  },
  {
    id: 'message-event-local-ids',
    why:
      "api-v1.md §6 calls the sender's echo ID of a message event local_id; real Zulip names it local_message_id. " +
      'The file has neither; the dev server sends both to the queue named by queue_id.',
    patch(doc) {
      addProperties(doc, eventSchema(doc, 'message'), {
        local_id: { type: 'string' },
        local_message_id: { type: 'string' },
      });
    },
  },
  {
    id: 'fractional-retry-after',
    why:
      "protocol-notes.md §6: RATE_LIMIT_HIT's retry-after is typed integer, but real servers send fractions " +
      '(the example is 28.706807374954224); clients must parse a float.',
    patch(doc) {
      setProperty(doc, 'RateLimitedError', 'retry-after', { type: 'number' });
    },
  },
  {
    id: 'bad-narrow-desc',
    why:
      "The file has no schema for BAD_NARROW; real Zulip's BadNarrowOperatorError adds desc (what was wrong), " +
      'and so does the dev server.',
    patch(doc) {
      addErrorShape(doc, 'ParleyBadNarrowError', 'BAD_NARROW', { desc: { type: 'string' } });
    },
  },
  {
    id: 'method-not-allowed',
    why:
      'The file does not describe 405. Real Zulip answers {result, msg: "Method Not Allowed", allowed_methods: [...]}; ' +
      'the dev server adds code BAD_REQUEST, as api-v1.md §7 gives every error a code.',
    patch(doc) {
      addErrorShape(doc, 'ParleyMethodNotAllowedError', 'BAD_REQUEST', {
        allowed_methods: { type: 'array', items: { type: 'string' } },
      });
    },
  },
  {
    id: 'group-in-use-objections',
    why:
      "CANNOT_DEACTIVATE_GROUP_IN_USE carries objections (what still uses the group): the file's own example has " +
      'them, but its schema (a closed CodedError) does not allow them.',
    patch(doc) {
      addErrorShape(doc, 'ParleyGroupInUseError', 'CANNOT_DEACTIVATE_GROUP_IN_USE', {
        objections: {
          type: 'array',
          items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
        },
      });
    },
  },
  {
    id: 'move-time-limit-fields',
    why:
      'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED carries first_message_id_allowed_to_move, total_messages_allowed_to_move and ' +
      "total_messages_in_topic (protocol-notes.md §6, and the file's own example), but the reformatted PATCH " +
      '/messages/{message_id} 400 schema only admits a closed CodedError.',
    patch(doc) {
      addErrorShape(doc, 'ParleyMoveTimeLimitError', 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', {
        first_message_id_allowed_to_move: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        total_messages_allowed_to_move: { type: 'integer' },
        total_messages_in_topic: { type: 'integer' },
      });
    },
  },
  {
    id: 'last-user-fields',
    why:
      "CANNOT_DEACTIVATE_LAST_USER carries is_last_owner and entity, as Zulip's CannotDeactivateLastUserError " +
      'does; the file types DELETE /users/{user_id} 400 as a closed CodedError.',
    patch(doc) {
      addErrorShape(doc, 'ParleyLastUserError', 'CANNOT_DEACTIVATE_LAST_USER', {
        is_last_owner: { type: 'boolean' },
        entity: { type: 'string' },
      });
    },
  },
  {
    id: 'register-reminders-shape',
    why:
      "register's reminders items are typed as ScheduledMessage in the file, but its own GET /reminders and " +
      'reminders add event describe them as Reminder (reminder_id, reminder_target_message_id), the objects ' +
      'Zulip lists there too; the dev server sends one shape everywhere.',
    patch(doc) {
      setProperty(doc, 'register_queue_200_response', 'reminders', {
        type: 'array',
        items: { $ref: '#/components/schemas/Reminder' },
      });
    },
  },
];

/** Error codes the dev server answers with another HTTP status than the file shows. */
export const STATUS_DIFFERENCES: Array<{ code: string; status: number; why: string }> = [
  {
    code: 'INVALID_API_KEY',
    status: 401,
    why: 'The file lists it under 400, but real servers answer 401 (protocol-notes.md §6), as for every auth failure.',
  },
];

/** Dev-server routes under /api/v1 that the file does not describe; only their envelope is checked. */
export const NOT_IN_OPENAPI: Array<{ method: string; route: string; prefix?: true; why: string }> = [
  {
    method: '*',
    route: '/parley_test/',
    prefix: true,
    why: "The dev server's own test hooks (served only with --test-hooks); clients never call them.",
  },
  {
    method: 'PATCH',
    route: '/realm',
    why: 'Real Zulip (zproject/urls.py: update_realm), used by the admin settings; the file leaves it out.',
  },
  {
    method: '*',
    route: '/bots',
    prefix: true,
    why: 'Real Zulip (zproject/urls.py: GET/POST /bots, PATCH/DELETE /bots/{bot_id}), used by the admin Bots tab; the file leaves them out.',
  },
  {
    method: '*',
    route: '/realm/domains',
    prefix: true,
    why: "Real Zulip (zproject/urls.py: realm domains, the organization's allowed email domains); the file leaves them out.",
  },
  {
    method: 'GET',
    route: '/user_uploads/{realm}/{a}/{b}/{file}',
    why: "The file's GET /user_uploads/{realm_id_str}/{filename} (a temporary URL); its {filename} spans three path segments, which the validator matches one segment per parameter.",
  },
  {
    method: '*',
    route: '/users/me/profile_data',
    why: 'A real Zulip endpoint (zproject/urls.py: update_user_custom_profile_data) that the file leaves out.',
  },
];

/** The NOT_IN_OPENAPI entry covering this route, if any. */
export function notInOpenApi(method: string, route: string): (typeof NOT_IN_OPENAPI)[number] | undefined {
  return NOT_IN_OPENAPI.find(
    (entry) =>
      (entry.method === '*' || entry.method === method) &&
      (entry.prefix ? route.startsWith(entry.route) : route === entry.route),
  );
}

function schemas(doc: Schema): Record<string, Schema> {
  return (doc['components'] as { schemas: Record<string, Schema> }).schemas;
}

function schemaNamed(doc: Schema, name: string): Schema {
  const found = schemas(doc)[name];
  if (!found) throw new Error(`allowlist: the OpenAPI file has no schema ${name} (has it changed?)`);
  return found;
}

/** Adds fields to an object schema as one more allOf part, which the normalizer merges. */
function addProperties(doc: Schema, name: string, properties: Record<string, Schema>): void {
  const target = schemaNamed(doc, name);
  const parts = Array.isArray(target['allOf']) ? (target['allOf'] as Schema[]) : [];
  if (!Array.isArray(target['allOf'])) {
    const { ...own } = target;
    for (const key of Object.keys(target)) delete target[key];
    parts.push(own);
  }
  parts.push({ type: 'object', properties });
  target['allOf'] = parts;
}

/** Replaces one property's schema wherever the named schema (or one of its allOf parts) declares it. */
function setProperty(doc: Schema, name: string, property: string, schema: Schema): void {
  const target = schemaNamed(doc, name);
  const holders = [target, ...((target['allOf'] as Schema[] | undefined) ?? [])].filter(
    (part) => (part['properties'] as Record<string, Schema> | undefined)?.[property],
  );
  if (holders.length === 0) throw new Error(`allowlist: ${name} declares no ${property}`);
  for (const holder of holders) (holder['properties'] as Record<string, Schema>)[property] = schema;
}

/** A new error shape the validator accepts for any endpoint (its name ends in "Error"). */
function addErrorShape(doc: Schema, name: string, code: string, fields: Record<string, Schema>): void {
  schemas(doc)[name] = {
    allOf: [
      { $ref: '#/components/schemas/CodedErrorBase' },
      {
        type: 'object',
        additionalProperties: false,
        properties: { code: { type: 'string', enum: [code] }, ...fields },
        required: Object.keys(fields),
      },
    ],
  };
}

/** The name of the member of the GET /events union whose `type` is exactly this. */
function eventSchema(doc: Schema, type: string): string {
  const union = (schemaNamed(doc, 'get_events_200_response_allOf_events_inner')['oneOf'] ?? []) as Schema[];
  for (const member of union) {
    const name = String(member['$ref']).split('/').pop() ?? '';
    const typeSchema = (schemaNamed(doc, name)['properties'] as Record<string, Schema> | undefined)?.['type'];
    const parts = (typeSchema?.['allOf'] ?? []) as Schema[];
    if (parts.some((part) => Array.isArray(part['enum']) && (part['enum'] as string[]).includes(type))) return name;
  }
  throw new Error(`allowlist: no event schema for type ${type}`);
}

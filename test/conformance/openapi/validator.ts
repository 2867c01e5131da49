/**
 * Validates recorded dev-server responses and events against Zulip's OpenAPI file with ajv:
 * the response schema is picked by path + method + status; error bodies may also take any of the
 * file's shared error shapes (MissingArgumentError, RateLimitedError, ...), as every endpoint
 * can answer those; GET /events events are each checked against the event schema of their
 * type (and op).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { SchemaNormalizer, type Schema } from './normalize';
import { OperationIndex, type Operation } from './spec';

export interface Verdict {
  ok: boolean;
  /** Readable ajv errors (`/path: message`), at most a handful. */
  errors: string[];
}

const DOC_ID = 'zulip';
const EVENTS_INNER = 'get_events_200_response_allOf_events_inner';

interface EventAlternative {
  types: string[];
  ops: string[] | null;
  validate: ValidateFunction;
}

export class OpenApiValidator {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, logger: false });
  private readonly normalizer: SchemaNormalizer;
  readonly operations: OperationIndex;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly sharedErrors: Schema[];
  private readonly events: EventAlternative[];
  private codeStatuses: Map<string, Set<number>> | undefined;

  constructor(private readonly doc: Schema) {
    addFormats(this.ajv);
    this.normalizer = new SchemaNormalizer(doc);
    const schemas = (doc['components'] as { schemas: Record<string, Schema> }).schemas;
    const normalized = Object.fromEntries(
      Object.entries(schemas).map(([name, s]) => [name, this.normalizer.normalize(s)]),
    );
    this.ajv.addSchema(retarget({ $id: DOC_ID, components: { schemas: normalized } }) as Schema);
    this.operations = new OperationIndex(doc, (ref) => this.normalizer.resolve(ref));
    this.sharedErrors = Object.keys(schemas)
      .filter((name) => name.endsWith('Error'))
      .map((name) => ({ $ref: `#/components/schemas/${name}` }));
    this.events = this.eventAlternatives(schemas);
  }

  /** The statuses the file gives an error code, or undefined for codes it never shows. */
  statusesOf(code: string): ReadonlySet<number> | undefined {
    this.codeStatuses ??= this.operations.errorCodeStatuses();
    return this.codeStatuses.get(code);
  }

  operation(method: string, path: string): Operation | null {
    return this.operations.find(method, path);
  }

  /** Checks one response body; null when the file declares nothing that could apply. */
  checkResponse(op: Operation, status: number, body: unknown): Verdict | null {
    const key = `${op.method} ${op.template} ${status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      const declared = this.operations.responseSchema(op, status);
      let schema: Schema;
      if (status >= 400) schema = { anyOf: [...(declared ? [declared] : []), ...this.sharedErrors] };
      else if (declared) schema = { allOf: [declared] };
      else return null;
      let top = this.normalizer.normalize(schema);
      // Events are checked one by one against their own type's schema (checkEvent), which gives
      // readable errors; the envelope only needs each to be an object with an id and a type.
      if (op.template === '/events' && op.method === 'GET' && status === 200) top = withPlainEvents(top);
      validate = this.ajv.compile(retarget(top) as Schema);
      this.compiled.set(key, validate);
    }
    return verdict(validate, body);
  }

  /** An error answered before any route matched (404 unknown endpoint, 405 wrong method). */
  checkUnrouted(body: unknown): Verdict {
    let validate = this.compiled.get('unrouted');
    if (!validate) {
      validate = this.ajv.compile(retarget(this.normalizer.normalize({ anyOf: this.sharedErrors })) as Schema);
      this.compiled.set('unrouted', validate);
    }
    return verdict(validate, body);
  }

  /** Checks one event object from GET /events; null when the file has no schema for its type. */
  checkEvent(event: Record<string, unknown>): Verdict | null {
    const type = event['type'];
    const op = event['op'];
    const candidates = this.events.filter(
      (alt) => alt.types.includes(String(type)) && (alt.ops === null || alt.ops.includes(String(op))),
    );
    if (candidates.length === 0) return null;
    let best: Verdict | null = null;
    for (const alt of candidates) {
      const result = verdict(alt.validate, event);
      if (result.ok) return result;
      if (!best || result.errors.length < best.errors.length) best = result;
    }
    return best;
  }

  /** The event union's members, indexed by the `type` (and `op`) values each one allows. */
  private eventAlternatives(schemas: Record<string, Schema>): EventAlternative[] {
    const union = (schemas[EVENTS_INNER]?.['oneOf'] ?? []) as Schema[];
    return union.map((member) => {
      const merged = this.normalizer.normalize({ allOf: [member] });
      const props = (merged['properties'] ?? {}) as Record<string, Schema>;
      return {
        types: this.enumOf(props['type']) ?? [],
        ops: this.enumOf(props['op']),
        validate: this.ajv.compile(retarget(merged) as Schema),
      };
    });
  }

  /** The string values a (possibly nested or referenced) schema allows, or null if it does not say. */
  private enumOf(schema: Schema | undefined): string[] | null {
    if (!schema) return null;
    if (Array.isArray(schema['enum'])) return schema['enum'] as string[];
    if (typeof schema['$ref'] === 'string') return this.enumOf(this.normalizer.resolve(schema['$ref']));
    for (const part of (schema['allOf'] ?? []) as Schema[]) {
      const found = this.enumOf(part);
      if (found) return found;
    }
    return null;
  }
}

function verdict(validate: ValidateFunction, body: unknown): Verdict {
  if (validate(body)) return { ok: true, errors: [] };
  return { ok: false, errors: describe(validate.errors ?? []) };
}

/** anyOf failures repeat every branch's complaint; keep the distinct ones, most specific first. */
function describe(errors: ErrorObject[]): string[] {
  const lines = errors
    .filter((e) => e.keyword !== 'anyOf')
    .map((e) => {
      const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params['additionalProperty'])})` : '';
      return `${e.instancePath || '/'}: ${e.message ?? e.keyword}${extra}`;
    });
  return [...new Set(lines)].sort((a, b) => b.split('/').length - a.split('/').length).slice(0, 6);
}

/** Points local component references at the document registered under DOC_ID. */
function retarget(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(retarget);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${DOC_ID}${value}` : retarget(value),
    ]),
  );
}

function withPlainEvents(schema: Schema): Schema {
  const props = schema['properties'] as Record<string, Schema> | undefined;
  if (!props?.['events']) throw new Error('GET /events 200 has no events property in the OpenAPI file');
  const plainEvent = {
    type: 'object',
    required: ['id', 'type'],
    properties: { id: { type: 'integer' }, type: { type: 'string' } },
  };
  return { ...schema, properties: { ...props, events: { type: 'array', items: plainEvent } } };
}

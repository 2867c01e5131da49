import * as z from 'zod';

/**
 * What a fault does to a request it matches:
 * - drop: close the socket without answering (the client sees a reset connection);
 * - hang: never answer, until the client gives up, the rules are cleared or the server stops;
 * - rate_limit: 429 RATE_LIMIT_HIT with a Retry-After header and `retry-after` field;
 * - server_error: a 5xx, with Zulip's JSON error envelope, a proxy's HTML page or no body;
 * - malformed: a JSON content type whose body is cut off mid-object;
 * - latency: wait, then handle the request normally.
 */
export type FaultKind = 'drop' | 'hang' | 'rate_limit' | 'server_error' | 'malformed' | 'latency';

/** One armed fault, as the control interface lists it. */
export interface FaultRule {
  id: number;
  kind: FaultKind;
  /** How many more matching requests it applies to; null: every one until cleared. */
  remaining: number | null;
  /** How many requests it has applied to so far. */
  fired: number;
  /** Only requests whose path starts with this (e.g. `/api/v1/events`); null: any path. */
  path_prefix: string | null;
  /** Only requests with this method; null: any method. */
  method: string | null;
  /** HTTP status of server_error and malformed answers. */
  status: number;
  /** Seconds announced by rate_limit (fractional values are kept in the body, as Zulip sends them). */
  retry_after: number;
  /** Delay of latency faults. */
  latency_ms: number;
  /** Body of server_error answers. */
  body: 'json' | 'html' | 'empty';
}

const common = {
  count: z.union([z.number().int().positive(), z.literal('always')]).default(1),
  path_prefix: z
    .string()
    .startsWith('/', 'path_prefix must start with "/", e.g. "/api/v1/events"')
    .nullable()
    .default(null),
  method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']).nullable().default(null),
};

const ruleRequest = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('drop'), ...common }),
  z.strictObject({ kind: z.literal('hang'), ...common }),
  // Absurd values (and 0: "now") are allowed on purpose: clients must bound what a hostile
  // server asks for.
  z.strictObject({
    kind: z.literal('rate_limit'),
    ...common,
    retry_after: z.number().nonnegative().max(1e9).default(1),
  }),
  z.strictObject({
    kind: z.literal('server_error'),
    ...common,
    status: z.number().int().min(500).max(599).default(500),
    body: z.enum(['json', 'html', 'empty']).default('json'),
  }),
  z.strictObject({ kind: z.literal('malformed'), ...common, status: z.number().int().min(200).max(599).default(200) }),
  z.strictObject({ kind: z.literal('latency'), ...common, latency_ms: z.number().int().min(0).max(600_000) }),
]);

/** A control request that cannot be turned into a rule; its message says which field is wrong. */
export class FaultRequestError extends Error {}

/** Validates a control request body (JSON) and returns the rule it asks for. */
export function parseRule(input: unknown, id: number): FaultRule {
  const parsed = ruleRequest.safeParse(input);
  if (!parsed.success) throw new FaultRequestError(z.prettifyError(parsed.error));
  const spec = parsed.data;
  return {
    id,
    kind: spec.kind,
    remaining: spec.count === 'always' ? null : spec.count,
    fired: 0,
    path_prefix: spec.path_prefix,
    method: spec.method,
    status: 'status' in spec ? spec.status : 500,
    retry_after: 'retry_after' in spec ? spec.retry_after : 1,
    latency_ms: 'latency_ms' in spec ? spec.latency_ms : 0,
    body: 'body' in spec ? spec.body : 'json',
  };
}

export function matches(rule: FaultRule, method: string, path: string): boolean {
  return (
    (rule.remaining === null || rule.remaining > 0) &&
    (rule.method === null || rule.method === method) &&
    (rule.path_prefix === null || path.startsWith(rule.path_prefix))
  );
}

/** Counts one application of the rule; returns false once it is used up and should be removed. */
export function consume(rule: FaultRule): boolean {
  rule.fired += 1;
  if (rule.remaining !== null) rule.remaining -= 1;
  return rule.remaining === null || rule.remaining > 0;
}

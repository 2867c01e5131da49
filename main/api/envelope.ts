/**
 * Turns one HTTP answer into either the parsed success body or the right error. Kept apart
 * from the transport so every odd case (HTML page, JSON that is not an envelope, a 429 with
 * or without a body) is decided in one place.
 */
import type * as z from 'zod';
import { ApiError, ProtocolError } from './errors';
import { parseRetryAfterHeader } from './encode';
import { clampRetryAfter } from '../delays';

export interface RawAnswer {
  status: number;
  contentType: string;
  retryAfterHeader: string | null;
  body: string;
}

/** For error messages: "GET /users" against which host. Never includes parameters. */
export interface RequestLabel {
  method: string;
  path: string;
  host: string;
}

function describe(label: RequestLabel): string {
  return `${label.method} ${label.path} on ${label.host}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The float 'retry-after' field Zulip puts in a RATE_LIMIT_HIT envelope, in ms. */
function retryAfterField(envelope: Record<string, unknown>): number | null {
  const raw = envelope['retry-after'];
  const seconds = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return !Number.isNaN(seconds) && seconds >= 0 ? clampRetryAfter(Math.round(seconds * 1000)) : null;
}

function notZulip(answer: RawAnswer, label: RequestLabel, what: string): ProtocolError {
  return new ProtocolError(
    `${label.host} did not answer like a Zulip server (${describe(label)} gave HTTP ${answer.status} with ${what})`,
    { httpStatus: answer.status },
  );
}

function apiErrorFrom(answer: RawAnswer, envelope: Record<string, unknown>): ApiError {
  const { result: _result, msg, code, ...extra } = envelope;
  const retryAfterMs =
    answer.status === 429 ? (parseRetryAfterHeader(answer.retryAfterHeader) ?? retryAfterField(envelope)) : null;
  return new ApiError({
    message: typeof msg === 'string' && msg !== '' ? msg : `HTTP ${answer.status}`,
    code: typeof code === 'string' && code !== '' ? code : answer.status === 429 ? 'RATE_LIMIT_HIT' : 'UNKNOWN',
    httpStatus: answer.status,
    retryAfterMs,
    extra,
  });
}

/** Formats the first zod issue as "field 'a.b.0' is missing" / "field 'x': expected number". */
export function describeIssue(issue: z.core.$ZodIssue): { field: string; text: string } {
  const field = issue.path.map(String).join('.') || '(root)';
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  return { field, text: missing ? `field '${field}' is missing` : `field '${field}': ${issue.message}` };
}

/** Validates the success body; a mismatch is a ProtocolError that names the field. */
export function parseSuccess<S extends z.ZodType>(
  schema: S,
  body: unknown,
  label: RequestLabel,
  status: number,
): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const { field, text } = first ? describeIssue(first) : { field: '(root)', text: 'invalid' };
  return failWith(new ProtocolError(`Unexpected answer to ${describe(label)}: ${text}`, { httpStatus: status, field }));
}

function failWith(e: Error): never {
  throw e;
}

/** Decides what an HTTP answer means. Returns the envelope on success, throws otherwise. */
export function readEnvelope(answer: RawAnswer, label: RequestLabel): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    // A proxy or load balancer may rate-limit with an HTML page; that is still a rate limit.
    if (answer.status === 429) {
      return failWith(
        new ApiError({
          message: 'Too many requests',
          code: 'RATE_LIMIT_HIT',
          httpStatus: 429,
          retryAfterMs: parseRetryAfterHeader(answer.retryAfterHeader),
        }),
      );
    }
    const kind = answer.body.trim() === '' ? 'an empty body' : `${answer.contentType || 'unknown'} content, not JSON`;
    return failWith(notZulip(answer, label, kind));
  }
  if (!isRecord(json) || (json['result'] !== 'success' && json['result'] !== 'error')) {
    return failWith(notZulip(answer, label, 'JSON that is not a Zulip API response'));
  }
  if (json['result'] === 'error') return failWith(apiErrorFrom(answer, json));
  if (answer.status < 200 || answer.status >= 300) {
    return failWith(notZulip(answer, label, 'a success body on an error status'));
  }
  return json;
}

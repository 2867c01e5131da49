/** The verdict on one recorded response: which schema applies, and whether the body fits it. */
import { notInOpenApi, STATUS_DIFFERENCES } from './allowlist';
import type { OpenApiValidator } from './openapi/validator';
import type { Recording } from './recordings';

export type Outcome = { ok: true } | { ok: false; problem: string };

export function checkRecording(validator: OpenApiValidator, recording: Recording): Outcome {
  const { method, path, route, status, body } = recording;
  // The dev server answers 500 only for its own bugs; 5xx answers made up by a fault are fine.
  if (status >= 500 && recording.fault === null) {
    return { ok: false, problem: `the dev server itself failed with ${status}: a bug (see its log)` };
  }
  if (route === null) return fromVerdict('the generic error shapes', validator.checkUnrouted(body));
  if (notInOpenApi(method, route)) return envelopeOnly(status, body);
  const op = validator.operation(method, path);
  if (!op) return { ok: false, problem: `zulip-openapi.yaml has no operation ${method} ${path} (route ${route})` };
  const verdict = validator.checkResponse(op, status, body);
  if (!verdict) {
    return { ok: false, problem: `zulip-openapi.yaml declares no ${status} response for ${method} ${op.template}` };
  }
  const outcome = fromVerdict(`${method} ${op.template} ${status}`, verdict);
  return outcome.ok ? statusOfCode(validator, status, body) : outcome;
}

/** An error code must come with a status the file gives it somewhere (or an allowlisted one). */
function statusOfCode(validator: OpenApiValidator, status: number, body: unknown): Outcome {
  const code = (body as Record<string, unknown> | null)?.['code'];
  if (status < 400 || typeof code !== 'string') return { ok: true };
  const expected = validator.statusesOf(code);
  if (!expected || expected.has(status)) return { ok: true };
  if (STATUS_DIFFERENCES.some((d) => d.code === code && d.status === status)) return { ok: true };
  return {
    ok: false,
    problem: `${code} came with HTTP ${status}; the file answers it with ${[...expected].join(' or ')}`,
  };
}

function fromVerdict(against: string, verdict: { ok: boolean; errors: string[] }): Outcome {
  return verdict.ok
    ? { ok: true }
    : { ok: false, problem: `not valid against ${against}: ${verdict.errors.join('; ')}` };
}

/** Zulip's envelope: result and msg always, code on errors. */
function envelopeOnly(status: number, body: unknown): Outcome {
  const b = body as Record<string, unknown> | null;
  const success = status < 400;
  const fits =
    typeof b === 'object' &&
    b !== null &&
    b['result'] === (success ? 'success' : 'error') &&
    typeof b['msg'] === 'string' &&
    (success || typeof b['code'] === 'string');
  return fits ? { ok: true } : { ok: false, problem: 'not a Zulip envelope ({result, msg} and code on errors)' };
}

/**
 * The validator itself: that it reads OpenAPI the way Zulip means it, and that it rejects what
 * it should (a conformance suite that passes everything would prove nothing).
 */
import { describe, expect, it } from 'vitest';
import { DIFFERENCES } from './allowlist';
import { checkRecording } from './check';
import type { Schema } from './openapi/normalize';
import { loadOpenApi, openApiAvailable } from './openapi/spec';
import { OpenApiValidator } from './openapi/validator';

/** A tiny document in the file's style: allOf extensions closed with additionalProperties. */
function miniDoc(): Schema {
  const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
  return {
    paths: {
      '/things/{thing_id}': {
        get: {
          parameters: [{ in: 'path', name: 'thing_id', schema: { type: 'integer' } }],
          responses: { '200': json({ $ref: '#/components/schemas/ThingResponse' }) },
        },
      },
      '/things/mine': { get: { responses: { '200': json({ $ref: '#/components/schemas/JsonSuccessBase' }) } } },
    },
    components: {
      schemas: {
        JsonSuccessBase: {
          properties: { result: { type: 'string', enum: ['success'] }, msg: { type: 'string' } },
          required: ['result', 'msg'],
        },
        ThingBase: { properties: { owner_id: { type: 'integer', nullable: true }, size: { type: 'number' } } },
        Thing: {
          allOf: [
            { $ref: '#/components/schemas/ThingBase' },
            {
              additionalProperties: false,
              properties: { owner_id: { nullable: true }, kind: { oneOf: [{ type: 'integer' }, { type: 'number' }] } },
            },
          ],
        },
        ThingResponse: {
          allOf: [
            { $ref: '#/components/schemas/JsonSuccessBase' },
            {
              additionalProperties: false,
              properties: { thing: { $ref: '#/components/schemas/Thing' } },
              required: ['thing'],
            },
          ],
        },
        CodedError: {
          allOf: [
            {
              properties: { result: { enum: ['error'] }, msg: { type: 'string' }, code: { type: 'string' } },
              required: ['result', 'msg', 'code'],
            },
            { additionalProperties: false },
          ],
        },
      },
    },
  };
}

describe('reading OpenAPI like Zulip does', () => {
  const validator = new OpenApiValidator(miniDoc());
  const op = validator.operation('GET', '/things/7')!;
  const check = (body: unknown) => validator.checkResponse(op, 200, body);
  const ok = { result: 'success', msg: '' };

  it('prefers literal path segments and types integer path parameters', () => {
    expect(op.template).toBe('/things/{thing_id}');
    expect(validator.operation('GET', '/things/mine')?.template).toBe('/things/mine');
    expect(validator.operation('GET', '/things/seven')).toBeNull();
    expect(validator.operation('POST', '/things/7')).toBeNull();
  });

  it('merges allOf parts: base fields are allowed, others refused', () => {
    expect(check({ ...ok, thing: { owner_id: 3, size: 1.5, kind: 2 } })?.ok).toBe(true);
    const extra = check({ ...ok, thing: { owner_id: 3, colour: 'red' } });
    expect(extra?.ok).toBe(false);
    expect(extra?.errors.join()).toContain('colour');
    expect(check({ ...ok, thing: {}, surprise: true })?.ok).toBe(false);
    expect(check(ok)?.ok).toBe(false); // thing is required
  });

  it('reads nullable as "or null", without dropping the type of the base', () => {
    expect(check({ ...ok, thing: { owner_id: null } })?.ok).toBe(true);
    expect(check({ ...ok, thing: { owner_id: 'me' } })?.ok).toBe(false);
  });

  it('accepts overlapping oneOf branches (an integer is also a number)', () => {
    expect(check({ ...ok, thing: { kind: 3 } })?.ok).toBe(true);
    expect(check({ ...ok, thing: { kind: 'three' } })?.ok).toBe(false);
  });

  it('checks errors against the shared error shapes, and has nothing to say about undeclared successes', () => {
    expect(validator.checkResponse(op, 400, { result: 'error', msg: 'No', code: 'BAD_REQUEST' })?.ok).toBe(true);
    expect(validator.checkResponse(op, 400, { result: 'error', msg: 'No', code: 'BAD_REQUEST', hint: 1 })?.ok).toBe(
      false,
    );
    expect(validator.checkResponse(op, 400, { result: 'error', msg: 'No' })?.ok).toBe(false);
    expect(validator.checkResponse(op, 201, ok)).toBeNull();
  });
});

/** The real file with the allowlist applied; only read when it exists (describe bodies run even when skipped). */
function realValidator(): OpenApiValidator {
  const doc = loadOpenApi();
  for (const difference of DIFFERENCES) difference.patch(doc);
  return new OpenApiValidator(doc);
}

describe.skipIf(!openApiAvailable())('against zulip-openapi.yaml', () => {
  const validator = openApiAvailable() ? realValidator() : (null as unknown as OpenApiValidator);

  it('refuses fields Zulip removed, such as is_billing_admin (feature level 363)', () => {
    const op = validator.operation('GET', '/users/me')!;
    const me = { result: 'success', msg: '', user_id: 1, email: 'a@b.c', full_name: 'A', is_bot: false, role: 400 };
    expect(validator.checkResponse(op, 200, me)?.ok).toBe(true);
    expect(validator.checkResponse(op, 200, { ...me, is_billing_admin: false })?.ok).toBe(false);
  });

  it('picks event schemas by type and op', () => {
    expect(validator.checkEvent({ type: 'heartbeat', id: 0 })?.ok).toBe(true);
    expect(validator.checkEvent({ type: 'heartbeat', id: 0, extra: 1 })?.ok).toBe(false);
    expect(
      validator.checkEvent({ type: 'subscription', op: 'peer_add', id: 1, stream_ids: [1], user_ids: [2] })?.ok,
    ).toBe(true);
    expect(
      validator.checkEvent({ type: 'subscription', op: 'peer_add', id: 1, stream_ids: ['1'], user_ids: [2] })?.ok,
    ).toBe(false);
    expect(validator.checkEvent({ type: 'no_such_event', id: 1 })).toBeNull();
  });

  it('knows which status each error code comes with, and refuses others', () => {
    expect(validator.statusesOf('RATE_LIMIT_HIT')).toEqual(new Set([429]));
    expect(validator.statusesOf('BAD_REQUEST')).toEqual(new Set([400, 404]));
    const recording = (status: number, code: string) => ({
      method: 'POST',
      path: '/messages',
      route: '/messages',
      status,
      fault: null,
      source: 'test',
      body: { result: 'error', msg: "Channel 'x' does not exist", code, stream: 'x' },
    });
    expect(checkRecording(validator, recording(400, 'STREAM_DOES_NOT_EXIST'))).toEqual({ ok: true });
    expect(checkRecording(validator, recording(404, 'STREAM_DOES_NOT_EXIST'))).toMatchObject({
      ok: false,
      problem: expect.stringContaining('HTTP 404'),
    });
  });

  it('accepts a 5xx only when a fault made it up', () => {
    const failed = {
      method: 'GET',
      path: '/messages',
      route: '/messages',
      status: 500,
      source: 'test',
      body: { result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' },
    };
    expect(checkRecording(validator, { ...failed, fault: 'server_error' })).toEqual({ ok: true });
    expect(checkRecording(validator, { ...failed, fault: null })).toMatchObject({ ok: false });
  });

  it('applies the allowlist, and only where it says', () => {
    const settings = validator.operation('GET', '/server_settings')!;
    const body = { result: 'success', msg: '', zulip_feature_level: 420, service_feature_level: 420 };
    expect(validator.checkResponse(settings, 200, body)?.ok).toBe(true);
    expect(validator.checkResponse(settings, 200, { ...body, service_anything: 1 })?.ok).toBe(false);
    const limited = {
      result: 'error',
      msg: 'API usage exceeded rate limit',
      code: 'RATE_LIMIT_HIT',
      'retry-after': 0.5,
    };
    expect(validator.checkResponse(settings, 429, limited)?.ok).toBe(true);
  });
});

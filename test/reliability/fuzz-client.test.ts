/**
 * Fuzzed HTTP answers to the API client, over a real loopback socket: any status, any headers
 * that matter (content type, Retry-After), any body (JSON of any shape, Zulip-like envelopes with
 * wrong types, HTML, truncated JSON, nothing). The client must settle every request with a
 * parsed value or one of its typed errors (ApiError, ProtocolError, NetworkError), never hang and
 * never throw anything else; a Retry-After is never beyond the cap.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiClient } from '../../main/api/client';
import { ApiError, NetworkError, ProtocolError } from '../../main/api/errors';
import { MAX_RETRY_AFTER_MS } from '../../main/delays';
import { startCannedServer, type CannedAnswer, type CannedServer } from '../main/api/canned-server';

const RUNS = Number(process.env['PARLEY_FUZZ_RUNS'] ?? 400) / 2;
let server: CannedServer;
let answer: CannedAnswer = {};
beforeAll(async () => {
  server = await startCannedServer(() => answer);
});
afterAll(async () => {
  await server?.close();
});

const Shape = z.looseObject({ result: z.literal('success'), value: z.number() });

const body = fc.oneof(
  { arbitrary: fc.integer().map((value) => ({ result: 'success', msg: '', value })), weight: 3 },
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({
    result: fc.oneof(fc.constant('success'), fc.constant('error'), fc.jsonValue({ maxDepth: 1 })),
    msg: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })),
    code: fc.oneof(
      fc.constantFrom('BAD_REQUEST', 'RATE_LIMIT_HIT', 'BAD_EVENT_QUEUE_ID', 'INVALID_API_KEY'),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    value: fc.jsonValue({ maxDepth: 1 }),
    'retry-after': fc.oneof(fc.double(), fc.string(), fc.constant(1e12)),
  }),
  fc.string().map((s) => `<html><body>${s}</body></html>`),
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify({ result: 'success', value: v }).slice(0, -3)),
  fc.constant(''),
);

describe('fuzzed answers to the API client', () => {
  it('settle as a value or a typed error, never anything else', async () => {
    const client = new ApiClient({ realmUrl: server.url, defaultTimeoutMs: 5000 });
    const kinds = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { arbitrary: fc.constant(200), weight: 4 },
          fc.constantFrom(400, 401, 403, 404, 429, 500, 502, 503, 504),
        ),
        body,
        fc.oneof(
          fc.constant(undefined),
          fc.string({ maxLength: 12 }),
          fc.constantFrom('5', '1e400', '99999999999', '-3', 'Wed, 21 Oct 2099 07:28:00 GMT'),
        ),
        fc.constantFrom('application/json', 'text/html; charset=utf-8', 'text/plain'),
        async (status, fuzzedBody, retryAfter, contentType) => {
          answer = {
            status,
            body: typeof fuzzedBody === 'string' ? fuzzedBody : JSON.stringify(fuzzedBody),
            headers: {
              'content-type': contentType,
              ...(retryAfter !== undefined ? { 'retry-after': retryAfter } : {}),
            },
          };
          try {
            const value = await client.request('GET', '/fuzz', {}, Shape);
            expect(value.result).toBe('success');
            kinds.add('value');
          } catch (e) {
            const typed = e instanceof ApiError || e instanceof ProtocolError || e instanceof NetworkError;
            expect(typed, String(e)).toBe(true);
            kinds.add((e as Error).name);
            if (e instanceof ApiError && e.retryAfterMs !== null) {
              expect(e.retryAfterMs).toBeGreaterThanOrEqual(0);
              expect(e.retryAfterMs).toBeLessThanOrEqual(MAX_RETRY_AFTER_MS);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
    // The fuzzing reached every outcome.
    expect([...kinds].sort()).toEqual(['ApiError', 'ProtocolError', 'value'].sort());
  }, 120_000);
});

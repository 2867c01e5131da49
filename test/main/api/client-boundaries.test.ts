/**
 * How ApiClient reads answers that a well-behaved Zulip server would not give, served over a
 * real loopback socket: HTML pages, broken JSON, rate limits, slow or absent servers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiClient } from '../../../main/api/client';
import { ApiError, isAuthFailure, isTransient, NetworkError, ProtocolError } from '../../../main/api/errors';
import { SuccessEnvelope } from '../../../main/api/schemas/common';
import { failure, freePort, startCannedServer, success, type CannedAnswer, type CannedServer } from './canned-server';

const API_KEY = 'Zx9kQ2mLp4Rt7Vw1Ys3Bn6Cd8Fg0Hj5K';
const Empty = SuccessEnvelope;
const WithCount = SuccessEnvelope.extend({
  count: z.number().int(),
  items: z.array(z.looseObject({ id: z.number() })),
});

let server: CannedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(answer: CannedAnswer | ((path: string) => CannedAnswer)): Promise<ApiClient> {
  server = await startCannedServer((req) => (typeof answer === 'function' ? answer(req.url.pathname) : answer));
  return new ApiClient({ realmUrl: `${server.url}/`, auth: { email: 'iago@example.com', apiKey: API_KEY } });
}

async function failureOf(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected the request to fail');
}

describe('ApiClient request encoding', () => {
  it('sends Basic auth, the User-Agent and a JSON-typed form body on POST', async () => {
    const client = await clientFor({ body: success() });
    await client.request(
      'POST',
      'messages',
      { type: 'direct', to: [5, 6], content: 'hi & bye', read_by_sender: true },
      Empty,
    );
    const req = server!.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe('/api/v1/messages');
    expect(req.headers['user-agent']).toMatch(/^Parley\/\d+\.\d+\.\d+/);
    expect(req.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const auth = Buffer.from(String(req.headers.authorization).replace(/^Basic /, ''), 'base64').toString();
    expect(auth).toBe(`iago@example.com:${API_KEY}`);
    const form = new URLSearchParams(req.body);
    expect(form.get('to')).toBe('[5,6]');
    expect(form.get('content')).toBe('hi & bye');
    expect(form.get('read_by_sender')).toBe('true');
  });

  it('puts GET and DELETE parameters in the query string and normalises the realm URL', async () => {
    const client = await clientFor({ body: success() });
    expect(client.realmUrl).toBe(server!.url);
    await client.request('GET', '/events', { queue_id: 'q:1', last_event_id: -1, dont_block: true }, Empty);
    await client.request('DELETE', '/events', { queue_id: 'q:1' }, Empty);
    expect(server!.requests[0]!.url.search).toBe('?queue_id=q%3A1&last_event_id=-1&dont_block=true');
    expect(server!.requests[1]!.method).toBe('DELETE');
    expect(server!.requests[1]!.url.searchParams.get('queue_id')).toBe('q:1');
    expect(server!.requests[1]!.body).toBe('');
  });

  it('leaves credentials off when auth:false, and refuses auth:true without credentials', async () => {
    const client = await clientFor({ body: success() });
    await client.request('GET', '/server_settings', {}, Empty, { auth: false });
    expect(server!.requests[0]!.headers.authorization).toBeUndefined();
    const anonymous = new ApiClient({ realmUrl: server!.url });
    await expect(anonymous.request('GET', '/users/me', {}, Empty, { auth: true })).rejects.toThrow(/needs credentials/);
  });
});

describe('ApiClient error answers', () => {
  it('turns an error envelope into ApiError with code, status and extra fields', async () => {
    const client = await clientFor({
      status: 400,
      body: failure('BAD_EVENT_QUEUE_ID', 'Bad event queue ID: abc', { queue_id: 'abc' }),
    });
    const e = await failureOf(client.request('GET', '/events', { queue_id: 'abc' }, Empty));
    expect(e).toBeInstanceOf(ApiError);
    const api = e as ApiError;
    expect(api.code).toBe('BAD_EVENT_QUEUE_ID');
    expect(api.httpStatus).toBe(400);
    expect(api.message).toBe('Bad event queue ID: abc');
    expect(api.extra).toEqual({ queue_id: 'abc' });
    expect(api.retryAfterMs).toBeNull();
    expect(isAuthFailure(api)).toBe(false);
    expect(isTransient(api)).toBe(false);
  });

  it('uses UNKNOWN when an error envelope has no code', async () => {
    const client = await clientFor({ status: 400, body: { result: 'error', msg: 'Nope' } });
    const e = (await failureOf(client.request('GET', '/x', {}, Empty))) as ApiError;
    expect(e.code).toBe('UNKNOWN');
  });

  it('reads Retry-After from the header on a 429', async () => {
    const client = await clientFor({
      status: 429,
      headers: { 'retry-after': '7' },
      body: failure('RATE_LIMIT_HIT', 'API usage exceeded rate limit', { 'retry-after': 6.2 }),
    });
    const e = (await failureOf(client.request('GET', '/messages', {}, Empty))) as ApiError;
    expect(e.code).toBe('RATE_LIMIT_HIT');
    expect(e.retryAfterMs).toBe(7000);
    expect(isTransient(e)).toBe(true);
  });

  it('falls back to the float retry-after field when the header is absent', async () => {
    const client = await clientFor({
      status: 429,
      body: failure('RATE_LIMIT_HIT', 'API usage exceeded rate limit', { 'retry-after': 28.706807374954224 }),
    });
    const e = (await failureOf(client.request('GET', '/messages', {}, Empty))) as ApiError;
    expect(e.retryAfterMs).toBe(28707);
  });

  it('treats a 429 HTML page from a proxy as a rate limit too', async () => {
    const client = await clientFor({ status: 429, headers: { 'retry-after': '2' }, body: '<html>Slow down</html>' });
    const e = (await failureOf(client.request('GET', '/messages', {}, Empty))) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.code).toBe('RATE_LIMIT_HIT');
    expect(e.retryAfterMs).toBe(2000);
  });

  it('classifies 401s and deactivation codes as auth failures', async () => {
    let answer: CannedAnswer = { status: 401, body: failure('UNAUTHORIZED', 'Not logged in') };
    const client = await clientFor(() => answer);
    expect(isAuthFailure(await failureOf(client.request('GET', '/users/me', {}, Empty)))).toBe(true);
    answer = { status: 400, body: failure('INVALID_API_KEY', 'Invalid API key') };
    expect(isAuthFailure(await failureOf(client.request('GET', '/users/me', {}, Empty)))).toBe(true);
    answer = { status: 403, body: failure('REALM_DEACTIVATED', 'This organization is deactivated') };
    expect(isAuthFailure(await failureOf(client.request('GET', '/users/me', {}, Empty)))).toBe(true);
  });
});

describe('ApiClient answers that are not Zulip', () => {
  it('reports an HTML page as a ProtocolError without leaking the Authorization header', async () => {
    const client = await clientFor({ status: 200, body: '<!doctype html><title>Welcome to nginx!</title>' });
    const e = await failureOf(client.request('GET', '/server_settings', {}, Empty));
    expect(e).toBeInstanceOf(ProtocolError);
    expect(e.message).toMatch(/did not answer like a Zulip server/);
    expect(e.message).toMatch(/text\/html/);
    expect((e as ProtocolError).httpStatus).toBe(200);
    expect(isTransient(e)).toBe(false);
    const everything = JSON.stringify({ m: e.message, s: e.stack, c: String(e.cause) });
    expect(everything).not.toContain(API_KEY);
    expect(everything).not.toContain(Buffer.from(`iago@example.com:${API_KEY}`).toString('base64'));
  });

  it('marks a 502 proxy page as transient', async () => {
    const client = await clientFor({ status: 502, body: '<html>Bad Gateway</html>' });
    const e = await failureOf(client.request('GET', '/events', {}, Empty));
    expect(e).toBeInstanceOf(ProtocolError);
    expect((e as ProtocolError).httpStatus).toBe(502);
    expect(isTransient(e)).toBe(true);
  });

  it('rejects malformed JSON, JSON without an envelope and empty bodies', async () => {
    let answer: CannedAnswer = { body: '{"result": "success", ' };
    const client = await clientFor(() => answer);
    expect(await failureOf(client.request('GET', '/x', {}, Empty))).toBeInstanceOf(ProtocolError);
    answer = { body: { status: 'ok', data: [] } };
    const notEnvelope = await failureOf(client.request('GET', '/x', {}, Empty));
    expect(notEnvelope).toBeInstanceOf(ProtocolError);
    expect(notEnvelope.message).toMatch(/not a Zulip API response/);
    answer = { status: 404, body: '' };
    const empty = await failureOf(client.request('GET', '/x', {}, Empty));
    expect(empty.message).toMatch(/HTTP 404 with an empty body/);
  });

  it('names the missing field when a success body fails validation', async () => {
    const client = await clientFor({ body: success({ count: 2, items: [{ id: 1 }, { name: 'no id' }] }) });
    const e = (await failureOf(client.request('GET', '/things', {}, WithCount))) as ProtocolError;
    expect(e).toBeInstanceOf(ProtocolError);
    expect(e.field).toBe('items.1.id');
    expect(e.message).toMatch(/GET \/things/);
    expect(e.message).toMatch(/field 'items\.1\.id' is missing/);
  });

  it('keeps unknown fields of a valid body', async () => {
    const client = await clientFor({ body: success({ count: 1, items: [{ id: 1, shiny: true }], extra: 'kept' }) });
    const res = await client.request('GET', '/things', {}, WithCount);
    expect(res.count).toBe(1);
    expect((res as Record<string, unknown>)['extra']).toBe('kept');
    expect((res.items[0] as Record<string, unknown>)['shiny']).toBe(true);
  });
});

describe('ApiClient without an answer', () => {
  it('reports a refused connection as NetworkError unreachable', async () => {
    const port = await freePort();
    const client = new ApiClient({ realmUrl: `http://127.0.0.1:${port}` });
    const e = (await failureOf(client.request('GET', '/server_settings', {}, Empty))) as NetworkError;
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.reason).toBe('unreachable');
    expect(e.message).toMatch(/Could not reach 127\.0\.0\.1:\d+: the connection was refused \(ECONNREFUSED\)/);
    expect(isTransient(e)).toBe(true);
  });

  it('gives up after timeoutMs with NetworkError timeout', async () => {
    const client = await clientFor({ delayMs: 3000, body: success() });
    const e = (await failureOf(client.request('GET', '/events', {}, Empty, { timeoutMs: 200 }))) as NetworkError;
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.reason).toBe('timeout');
  });

  it('reports a caller abort as NetworkError aborted, which is not transient', async () => {
    const client = await clientFor({ delayMs: 3000, body: success() });
    const controller = new AbortController();
    const pending = client.request('GET', '/events', {}, Empty, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const e = (await failureOf(pending)) as NetworkError;
    expect(e.reason).toBe('aborted');
    expect(isTransient(e)).toBe(false);
    const already = (await failureOf(
      client.request('GET', '/events', {}, Empty, { signal: controller.signal }),
    )) as NetworkError;
    expect(already.reason).toBe('aborted');
  });
});

/** The fault interface (devserver/faults/) through HTTP: each fault as a client would meet it. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { faults, type FaultControl } from '../helpers/devserverFaults';
import { basic, login, type Api } from './support';

let server: RunningDevServer;
let control: FaultControl;
let member: Api & { userId: number; email: string };

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo', faults: true });
  control = faults(server);
  member = await login(server, server.byRole(400));
});
afterEach(() => control.clear());
afterAll(() => server.stop());

/** A raw authenticated request: fault answers are not always JSON, so nothing is parsed here. */
function request(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(new URL(`/api/v1${path}`, server.baseUrl), {
    ...init,
    headers: { authorization: basic(member.auth!.email, member.auth!.apiKey), ...init.headers },
  });
}

async function ownUserId(): Promise<number> {
  const res = await request('/users/me');
  expect(res.status).toBe(200);
  return ((await res.json()) as { user_id: number }).user_id;
}

/** Waits until the server has applied the given fault `fired` times (the request reached it). */
async function untilFired(id: number, fired: number): Promise<void> {
  for (;;) {
    const rule = (await control.list()).find((armed) => armed.id === id);
    if (!rule || rule.fired >= fired) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('drop', () => {
  it('closes the connection of the next N matching requests, then lets requests through', async () => {
    await control.dropNext(2, { pathPrefix: '/api/v1/users/me' });
    await expect(request('/users/me')).rejects.toThrow(TypeError);
    await expect(request('/users/me')).rejects.toThrow(TypeError);
    expect(await ownUserId()).toBe(member.userId);
    expect(await control.list()).toEqual([]);
  });

  it('leaves requests outside the path prefix and the control interface alone', async () => {
    await control.dropNext(1, { pathPrefix: '/api/v1/messages' });
    expect(await ownUserId()).toBe(member.userId);
    expect((await control.list())[0]).toMatchObject({ kind: 'drop', remaining: 1, fired: 0 });
    await expect(request('/messages?anchor=newest&num_before=1&num_after=0')).rejects.toThrow(TypeError);
  });
});

describe('hang', () => {
  it('holds the request unanswered until the faults are cleared, which drops it', async () => {
    const armed = await control.hangNext(1, { pathPrefix: '/api/v1/users/me' });
    let settled = false;
    // Settled into a value at once: the drop may land before clear() answers, and a rejection
    // with no handler yet would be reported as unhandled.
    const outcome = request('/users/me').then(
      () => 'answered',
      (e: unknown) => e,
    );
    void outcome.finally(() => (settled = true));
    await untilFired(armed.id, 1);
    expect(settled).toBe(false);
    expect(await control.clear()).toEqual({ cleared: 0, released: 1 });
    expect(await outcome).toBeInstanceOf(TypeError);
    expect(await ownUserId()).toBe(member.userId);
  });

  it('ends when the client gives up', async () => {
    await control.hangNext(1);
    await expect(request('/users/me', { signal: AbortSignal.timeout(300) })).rejects.toThrow(/aborted|timeout/i);
    expect(await ownUserId()).toBe(member.userId);
  });
});

describe('rate_limit', () => {
  it('answers 429 RATE_LIMIT_HIT with Retry-After in the header and the body, as Zulip does', async () => {
    await control.rateLimitNext(1, { retryAfter: 3 });
    const res = await request('/users/me');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await res.json()).toEqual({
      result: 'error',
      msg: 'API usage exceeded rate limit',
      code: 'RATE_LIMIT_HIT',
      'retry-after': 3,
    });
  });

  it('keeps a fractional wait in the body and rounds the header up to whole seconds', async () => {
    await control.rateLimitNext(1, { retryAfter: 0.25 });
    const res = await request('/users/me');
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toMatchObject({ 'retry-after': 0.25 });
  });

  it('matches on method and path prefix, and counts only matching requests', async () => {
    await control.rateLimitNext(2, { method: 'POST', pathPrefix: '/api/v1/messages' });
    expect((await request('/messages?anchor=newest&num_before=1&num_after=0')).status).toBe(200);
    const send = (): Promise<Response> =>
      request('/messages', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ type: 'channel', to: 'general', topic: 'faults', content: 'hello' }).toString(),
      });
    expect((await send()).status).toBe(429);
    expect((await send()).status).toBe(429);
    expect((await send()).status).toBe(200);
  });
});

describe('server_error', () => {
  it('answers a 5xx with Zulip’s JSON error envelope by default', async () => {
    await control.serverErrorNext(1, { status: 503 });
    const res = await request('/users/me');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
  });

  it('can answer like a proxy in front of the server: HTML, or nothing at all', async () => {
    await control.serverErrorNext(1, { status: 502, body: 'html' });
    await control.serverErrorNext(1, { status: 504, body: 'empty' });
    const html = await request('/users/me');
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toBe('text/html');
    expect(await html.text()).toContain('502 Bad Gateway');
    const empty = await request('/users/me');
    expect(empty.status).toBe(504);
    expect(await empty.text()).toBe('');
  });
});

describe('malformed', () => {
  it('answers 200 with a JSON content type and a body that does not parse', async () => {
    await control.malformedNext(1, { pathPrefix: '/api/v1/users/me' });
    const res = await request('/users/me');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    await expect(res.json()).rejects.toThrow(SyntaxError);
    expect(await ownUserId()).toBe(member.userId);
  });
});

describe('latency', () => {
  it('delays every matching request, then answers it normally', async () => {
    const armed = await control.latency(2000, { pathPrefix: '/api/v1/users/me' });
    let settled = false;
    const slow = request('/users/me').finally(() => (settled = true));
    await untilFired(armed.id, 1);
    // The server has the request and is holding it; another route answers meanwhile.
    expect((await request('/users?include_custom_profile_fields=false')).status).toBe(200);
    expect(settled).toBe(false);
    const res = await slow;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user_id: number }).user_id).toBe(member.userId);
    expect((await control.list())[0]).toMatchObject({ kind: 'latency', remaining: null, fired: 1 });
  });

  it('combines with another fault on the same request', async () => {
    await control.latency(10, { count: 1 });
    await control.rateLimitNext(1);
    expect((await request('/users/me')).status).toBe(429);
    expect(await control.list()).toEqual([]);
  });
});

describe('the control interface', () => {
  it('is never faulted itself', async () => {
    await control.dropNext(3);
    expect(await control.list()).toHaveLength(1);
    expect(await control.queues()).toBeInstanceOf(Array);
  });

  it('refuses bad fault requests with a message naming the problem, and arms nothing', async () => {
    await expect(control.call('POST', '/faults', { kind: 'explode' })).rejects.toThrow(/400.*kind/s);
    await expect(control.call('POST', '/faults', { kind: 'server_error', status: 404 })).rejects.toThrow(
      /400.*status/s,
    );
    await expect(control.call('POST', '/faults', { kind: 'drop', count: 0 })).rejects.toThrow(/400.*count/s);
    await expect(control.call('POST', '/faults', { kind: 'drop', path_prefix: 'api' })).rejects.toThrow(
      /400.*path_prefix/s,
    );
    await expect(control.call('POST', '/faults', { kind: 'latency' })).rejects.toThrow(/400.*latency_ms/s);
    await expect(control.call('POST', '/faults', { kind: 'drop', colour: 'red' })).rejects.toThrow(/400.*colour/s);
    const notJson = await fetch(new URL('/parley-control/faults', server.baseUrl), { method: 'POST', body: '{kind' });
    expect(notJson.status).toBe(400);
    await expect(control.call('POST', '/nothing-here')).rejects.toThrow(/404/);
    expect(await control.list()).toEqual([]);
  });
});

describe('without --faults', () => {
  it('has no control interface, and the API works as usual', async () => {
    const plain = await startDevServer({ seed: 'empty' });
    try {
      const res = await fetch(new URL('/parley-control/faults', plain.baseUrl), {
        method: 'POST',
        body: JSON.stringify({ kind: 'drop' }),
      });
      expect(res.status).toBe(404);
      const settings = await fetch(new URL('/api/v1/server_settings', plain.baseUrl));
      expect(settings.status).toBe(200);
    } finally {
      await plain.stop();
    }
  });
});

/**
 * Test helper: drives the dev server's fault interface (devserver/faults/, README "Fault
 * injection"). The server must be started with `startDevServer({ faults: true })`.
 *
 *   const f = faults(server);
 *   await f.hangNext(2, { pathPrefix: '/api/v1/events' });
 *   await f.rateLimitNext(1, { retryAfter: 3 });
 *   await f.expireQueues({ userId: 8 });
 */

/** Which requests a fault applies to; by default every request. */
export interface FaultMatch {
  /** Absolute path prefix, e.g. '/api/v1/events' or '/api/v1/messages'. */
  pathPrefix?: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
}

/** An armed fault as the server lists it (snake_case, as on the wire). */
export interface ArmedFault {
  id: number;
  kind: 'drop' | 'hang' | 'rate_limit' | 'server_error' | 'malformed' | 'latency';
  remaining: number | null;
  fired: number;
  path_prefix: string | null;
  method: string | null;
  status: number;
  retry_after: number;
  latency_ms: number;
  body: 'json' | 'html' | 'empty';
}

export interface LiveQueue {
  queue_id: string;
  user_id: number;
  pending: number;
  /** A blocking GET /events is waiting on it now. */
  polling: boolean;
}

export class FaultControl {
  constructor(readonly baseUrl: string) {}

  /** Closes the connection of the next `count` matching requests without answering. */
  dropNext(count = 1, match: FaultMatch = {}): Promise<ArmedFault> {
    return this.arm({ kind: 'drop', count, ...wire(match) });
  }

  /** Never answers the next `count` matching requests (until clear() or the client gives up). */
  hangNext(count = 1, match: FaultMatch = {}): Promise<ArmedFault> {
    return this.arm({ kind: 'hang', count, ...wire(match) });
  }

  /** Answers 429 RATE_LIMIT_HIT with Retry-After (seconds; fractions stay in the body). */
  rateLimitNext(count = 1, opts: FaultMatch & { retryAfter?: number } = {}): Promise<ArmedFault> {
    return this.arm({
      kind: 'rate_limit',
      count,
      ...wire(opts),
      ...(opts.retryAfter === undefined ? {} : { retry_after: opts.retryAfter }),
    });
  }

  /** Answers a 5xx: Zulip's JSON error (default), a proxy's HTML page, or an empty body. */
  serverErrorNext(
    count = 1,
    opts: FaultMatch & { status?: number; body?: 'json' | 'html' | 'empty' } = {},
  ): Promise<ArmedFault> {
    const extra = { ...(opts.status ? { status: opts.status } : {}), ...(opts.body ? { body: opts.body } : {}) };
    return this.arm({ kind: 'server_error', count, ...wire(opts), ...extra });
  }

  /** Answers with a JSON content type and a body cut off mid-object. */
  malformedNext(count = 1, opts: FaultMatch & { status?: number } = {}): Promise<ArmedFault> {
    return this.arm({ kind: 'malformed', count, ...wire(opts), ...(opts.status ? { status: opts.status } : {}) });
  }

  /** Delays matching requests by `ms`; every one until clear() unless `count` is given. */
  latency(ms: number, opts: FaultMatch & { count?: number } = {}): Promise<ArmedFault> {
    return this.arm({ kind: 'latency', latency_ms: ms, count: opts.count ?? 'always', ...wire(opts) });
  }

  async list(): Promise<ArmedFault[]> {
    return ((await this.call('GET', '/faults')) as { faults: ArmedFault[] }).faults;
  }

  /** Disarms everything and drops the connections hang faults are holding. */
  clear(): Promise<{ cleared: number; released: number }> {
    return this.call('DELETE', '/faults') as Promise<{ cleared: number; released: number }>;
  }

  async queues(): Promise<LiveQueue[]> {
    return ((await this.call('GET', '/queues')) as { queues: LiveQueue[] }).queues;
  }

  /** Deletes queues now (their next poll gets BAD_EVENT_QUEUE_ID): one, a user's, or all. */
  async expireQueues(which: { queueId?: string; userId?: number } = {}): Promise<string[]> {
    const body = {
      ...(which.queueId !== undefined ? { queue_id: which.queueId } : {}),
      ...(which.userId !== undefined ? { user_id: which.userId } : {}),
    };
    return ((await this.call('POST', '/queues/expire', body)) as { expired: string[] }).expired;
  }

  /** Sends `restart` events, then drops every queue (unless keepQueues). */
  restart(
    opts: { keepQueues?: boolean } = {},
  ): Promise<{ notified: number; dropped: number; server_generation: number }> {
    return this.call('POST', '/restart', { keep_queues: opts.keepQueues === true }) as Promise<{
      notified: number;
      dropped: number;
      server_generation: number;
    }>;
  }

  private async arm(body: Record<string, unknown>): Promise<ArmedFault> {
    return ((await this.call('POST', '/faults', body)) as { fault: ArmedFault }).fault;
  }

  /** One control request; a refusal throws with the server's explanation. */
  async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(new URL(`/parley-control${path}`, this.baseUrl), {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { error?: string };
    if (!res.ok) throw new Error(`fault control ${method} ${path}: ${res.status} ${json.error ?? ''}`);
    return json;
  }
}

export function faults(server: { baseUrl: string }): FaultControl {
  return new FaultControl(server.baseUrl);
}

function wire(match: FaultMatch): Record<string, string> {
  return {
    ...(match.pathPrefix !== undefined ? { path_prefix: match.pathPrefix } : {}),
    ...(match.method !== undefined ? { method: match.method } : {}),
  };
}

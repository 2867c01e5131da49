/** Shared by the dev server tests: a tiny HTTP client speaking Zulip's form-encoded API. */
import type { DevServerUser, RunningDevServer } from '../helpers/devserver';

export type ParamValue = string | number | boolean | null | object;

/**
 * A JSON object from the API, read loosely: the tests' assertions are what check its shape, so
 * typing every response field up front would only repeat them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

export interface ApiResponse {
  status: number;
  body: Obj;
}

export interface CallOptions {
  /** Send the body as multipart/form-data instead of urlencoded. */
  multipart?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Strings travel raw; everything else as JSON text, as Zulip expects. */
function encode(value: ParamValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export class Api {
  constructor(
    readonly baseUrl: string,
    readonly auth?: { email: string; apiKey: string },
  ) {}

  async call(
    method: string,
    path: string,
    params: Record<string, ParamValue> = {},
    opts: CallOptions = {},
  ): Promise<ApiResponse> {
    const url = new URL(`/api/v1${path}`, this.baseUrl);
    const headers: Record<string, string> = { ...opts.headers };
    if (this.auth) headers['authorization'] = basic(this.auth.email, this.auth.apiKey);
    let body: string | FormData | undefined;
    if (method === 'GET') {
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, encode(value));
    } else if (opts.multipart) {
      const form = new FormData();
      for (const [key, value] of Object.entries(params)) form.set(key, encode(value));
      body = form;
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, encode(v)])).toString();
    }
    const res = await fetch(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    return { status: res.status, body: (await res.json()) as Obj };
  }

  get = (path: string, params?: Record<string, ParamValue>, opts?: CallOptions) => this.call('GET', path, params, opts);
  post = (path: string, params?: Record<string, ParamValue>, opts?: CallOptions) =>
    this.call('POST', path, params, opts);
  delete = (path: string, params?: Record<string, ParamValue>, opts?: CallOptions) =>
    this.call('DELETE', path, params, opts);

  /** Like call(), but fails the test unless the result is success. */
  async ok(method: string, path: string, params?: Record<string, ParamValue>, opts?: CallOptions): Promise<Obj> {
    const res = await this.call(method, path, params, opts);
    if (res.status !== 200 || res.body['result'] !== 'success') {
      throw new Error(`${method} ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return res.body;
  }
}

export function basic(email: string, key: string): string {
  return `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;
}

/** Signs a seeded user in through POST /fetch_api_key and returns an authenticated client. */
export async function login(
  server: RunningDevServer,
  user: DevServerUser,
): Promise<Api & { userId: number; email: string }> {
  const body = await new Api(server.baseUrl).ok('POST', '/fetch_api_key', {
    username: user.email,
    password: user.password,
  });
  return Object.assign(new Api(server.baseUrl, { email: body['email'], apiKey: body['api_key'] }), {
    userId: body['user_id'] as number,
    email: body['email'] as string,
  });
}

/** Every message the user can see without a narrow, oldest first (the demo has ~3000). */
export async function allMessages(api: Api, params: Record<string, ParamValue> = {}): Promise<Array<Obj>> {
  const body = await api.ok('GET', '/messages', { anchor: 'oldest', num_before: 0, num_after: 5000, ...params });
  if (!body['found_newest']) throw new Error('more than 5000 messages; the test oracle needs paging');
  return body['messages'];
}

/** Message IDs of a GET /messages call. */
export function ids(messages: Array<Obj>): number[] {
  return messages.map((m) => m['id'] as number);
}

/** Sends a channel message and returns its ID. */
export async function sendToChannel(
  api: Api,
  channel: string | number,
  topic: string,
  content: string,
  extra: Record<string, ParamValue> = {},
): Promise<number> {
  const body = await api.ok('POST', '/messages', { type: 'channel', to: channel, topic, content, ...extra });
  return body['id'] as number;
}

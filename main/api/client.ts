/**
 * The HTTP transport for one Zulip organization: builds the URL, encodes parameters, adds
 * Basic auth and the User-Agent, enforces a timeout and turns every answer into a parsed body
 * or one of the errors in ./errors. Route functions in ./routes sit on top of `request`.
 */
import type * as z from 'zod';
import type { Logger } from '../log';
import { ApiError, NetworkError, isAuthFailure } from './errors';
import { basicAuthHeader, encodeParams } from './encode';
import { parseSuccess, readEnvelope, type RawAnswer, type RequestLabel } from './envelope';
import { describeServerCertificate, isCertificateFailure } from './certificate';
import { startDeadline, type Deadline } from './deadline';
import { describeNetworkFailure } from './network';
import { refuseRedirect } from './redirects';
import { keepAliveTransport } from './keep-alive-transport';
import { fetchTransport, type HttpAnswer, type HttpTransport } from './transport';
import { DEFAULT_USER_AGENT } from './version';

export interface ApiAuth {
  email: string;
  apiKey: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Send credentials? Default: whenever the client has them. `true` without credentials is a bug and throws. */
  auth?: boolean;
}

/** A multipart request's options: besides a request's, how much of the body has been sent. */
export interface MultipartOptions extends RequestOptions {
  /** Called as the body is read out to the network: bytes sent so far of `total` (the body's size). */
  onProgress?: (sent: number, total: number) => void;
}

export interface ApiClientOptions {
  realmUrl: string;
  auth?: ApiAuth;
  /**
   * How requests go out. Default: the process's keep-alive transport (direct connections). The
   * app's core thread passes one that goes through a proxy where the system names one.
   */
  transport?: HttpTransport;
  /** A fetch to send requests with instead (tests that count or hold requests); wins over `transport`. */
  fetch?: typeof fetch;
  userAgent?: string;
  defaultTimeoutMs?: number;
  /** Gets one debug line per request (method, path, status, duration); never parameters. */
  log?: Logger;
  /**
   * Told of every answer that means the key no longer works (401, USER_DEACTIVATED,
   * REALM_DEACTIVATED, ...), whichever request got it. The client only reports; the owner of
   * the account decides what to do (sign it out). The error is thrown to the caller as usual.
   */
  onAuthFailure?: (e: ApiError) => void;
}

const DEFAULT_TIMEOUT_MS = 30_000;

let sharedTransport: HttpTransport | null = null;
/** One set of kept sockets for every client of the process that names no transport. */
function defaultTransport(): HttpTransport {
  sharedTransport ??= keepAliveTransport();
  return sharedTransport;
}

/** Form bodies as fetch labelled URLSearchParams. */
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

/** Strips trailing slashes and any query/fragment; keeps a sub-path if the server lives under one. */
export function normaliseRealmUrl(raw: string): string {
  const url = new URL(raw);
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

export class ApiClient {
  /** Normalised, no trailing slash. */
  readonly realmUrl: string;
  readonly #auth: ApiAuth | undefined;
  readonly #transport: HttpTransport;
  readonly #userAgent: string;
  readonly #defaultTimeoutMs: number;
  readonly #log: Logger | undefined;
  readonly #opts: ApiClientOptions;

  constructor(opts: ApiClientOptions) {
    this.#opts = opts;
    this.realmUrl = normaliseRealmUrl(opts.realmUrl);
    this.#auth = opts.auth;
    this.#transport = opts.fetch ? fetchTransport(opts.fetch) : (opts.transport ?? defaultTransport());
    this.#userAgent = opts.userAgent ?? DEFAULT_USER_AGENT;
    this.#defaultTimeoutMs = opts.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#log = opts.log;
  }

  /** The API email this client signs requests with, if any (never the key). */
  get email(): string | null {
    return this.#auth?.email ?? null;
  }

  /** A client for the same server and settings, signing requests as someone else. */
  withAuth(auth: ApiAuth): ApiClient {
    return new ApiClient({ ...this.#opts, auth });
  }

  /** Form-encodes params (non-strings as JSON text); GET/DELETE use the query string. */
  async request<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    params: Record<string, unknown>,
    schema: S,
    opts: RequestOptions = {},
  ): Promise<z.infer<S>> {
    const cleanPath = `/${path.replace(/^\/+/, '')}`;
    const url = new URL(`${this.realmUrl}/api/v1${cleanPath}`);
    const label: RequestLabel = { method, path: cleanPath, host: url.host };
    const headers: Record<string, string> = { 'User-Agent': this.#userAgent, Accept: 'application/json' };
    const sendAuth = opts.auth ?? this.#auth !== undefined;
    if (sendAuth) {
      if (!this.#auth) throw new Error(`${method} ${cleanPath} needs credentials, but this client has none`);
      headers['Authorization'] = basicAuthHeader(this.#auth.email, this.#auth.apiKey);
    }
    const encoded = encodeParams(params);
    let body: string | undefined;
    if (method === 'GET' || method === 'DELETE') {
      for (const [k, v] of encoded) url.searchParams.append(k, v);
    } else {
      body = encoded.toString();
      headers['Content-Type'] = FORM_TYPE;
    }

    const started = Date.now();
    // A password (the body of fetch_api_key) or the key must never be carried to a redirect's target.
    const carriesSecret = sendAuth || body !== undefined;
    const answer = await this.#send(url, { method, headers, body, carriesSecret }, label, opts);
    this.#log?.debug('api request', { method, path: cleanPath, status: answer.status, ms: Date.now() - started });
    try {
      const envelope = readEnvelope(answer, label);
      return parseSuccess(schema, envelope, label, answer.status);
    } catch (e) {
      if (sendAuth && e instanceof ApiError && isAuthFailure(e)) this.#opts.onAuthFailure?.(e);
      throw e;
    }
  }

  /**
   * POST of a multipart/form-data body (uploads), always signed. The body is streamed through a
   * counter so `onProgress` follows what has been handed to the network; `signal` cancels it.
   */
  async multipart<S extends z.ZodType>(path: string, form: FormData, schema: S, opts: MultipartOptions = {}) {
    const cleanPath = `/${path.replace(/^\/+/, '')}`;
    const url = new URL(`${this.realmUrl}/api/v1${cleanPath}`);
    const label: RequestLabel = { method: 'POST', path: cleanPath, host: url.host };
    if (!this.#auth) throw new Error(`POST ${cleanPath} needs credentials, but this client has none`);
    // Request serialises the form once (boundary and all); its bytes are then counted as they go.
    const encoded = new Request(url, { method: 'POST', body: form });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const headers: Record<string, string> = {
      'User-Agent': this.#userAgent,
      Accept: 'application/json',
      Authorization: basicAuthHeader(this.#auth.email, this.#auth.apiKey),
      'Content-Type': encoded.headers.get('content-type') ?? 'multipart/form-data',
    };
    const started = Date.now();
    const init = { method: 'POST', headers, body: bytes, carriesSecret: true, onProgress: opts.onProgress };
    const answer = await this.#send(url, init, label, opts);
    this.#log?.debug('api request', {
      method: 'POST',
      path: cleanPath,
      status: answer.status,
      ms: Date.now() - started,
    });
    try {
      return parseSuccess(schema, readEnvelope(answer, label), label, answer.status) as z.infer<S>;
    } catch (e) {
      if (e instanceof ApiError && isAuthFailure(e)) this.#opts.onAuthFailure?.(e);
      throw e;
    }
  }

  /**
   * GET of a file the server publishes outside the API (its emoji table), never signed, redirects
   * followed: through this client's transport (the system's proxy, kept sockets, trusted
   * certificates) and deadline, where the global fetch would ignore the proxy. Any host.
   */
  async publicGet(url: URL, opts: RequestOptions = {}): Promise<{ status: number; body: string }> {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new TypeError(`${url.protocol} is not a web address`);
    }
    const label: RequestLabel = { method: 'GET', path: url.pathname, host: url.host };
    const headers = { 'User-Agent': this.#userAgent, Accept: 'application/json' };
    const answer = await this.#send(url, { method: 'GET', headers, body: undefined, carriesSecret: false }, label, opts);
    return { status: answer.status, body: answer.body };
  }

  /** One exchange with timeout and abort; reads the whole body inside the same deadline. */
  async #send(
    url: URL,
    init: {
      method: string;
      headers: Record<string, string>;
      body: string | Uint8Array | undefined;
      carriesSecret: boolean;
      onProgress?: ((sent: number, total: number) => void) | undefined;
    },
    label: RequestLabel,
    opts: RequestOptions,
  ): Promise<RawAnswer> {
    const timeoutMs = opts.timeoutMs ?? this.#defaultTimeoutMs;
    if (opts.signal?.aborted) throw new NetworkError('aborted', `${label.method} ${label.path} was cancelled`);
    const deadline = startDeadline(timeoutMs, opts.signal);
    try {
      let res: HttpAnswer;
      try {
        res = await this.#transport({
          url,
          method: init.method,
          headers: init.headers,
          signal: deadline.signal,
          followRedirects: !init.carriesSecret,
          ...(init.body !== undefined ? { body: init.body } : {}),
          ...(init.onProgress ? { onProgress: init.onProgress } : {}),
        });
      } catch (e) {
        throw await this.#failure(e, label, opts, deadline, timeoutMs, url);
      }
      refuseRedirect(res, url, label);
      try {
        const text = await res.text();
        return {
          status: res.status,
          contentType: res.header('content-type') ?? '',
          retryAfterHeader: res.header('retry-after'),
          body: text,
        };
      } catch (e) {
        throw await this.#failure(e, label, opts, deadline, timeoutMs, url);
      }
    } finally {
      deadline.release();
    }
  }

  /** What a fetch or body read that threw means: cancelled, timed out, or no answer. */
  async #failure(
    e: unknown,
    label: RequestLabel,
    opts: RequestOptions,
    deadline: Deadline,
    timeoutMs: number,
    url: URL,
  ): Promise<NetworkError> {
    if (opts.signal?.aborted) {
      return new NetworkError('aborted', `${label.method} ${label.path} was cancelled`, { cause: e });
    }
    if (deadline.timedOut) {
      return new NetworkError(
        'timeout',
        `${label.host} did not answer ${label.method} ${label.path} within ${Math.round(timeoutMs / 1000)} s`,
        { cause: e, host: label.host },
      );
    }
    // A certificate that cannot be verified is named, so it can be checked; never trusted here.
    const certificate = isCertificateFailure(e) ? await describeServerCertificate(url) : null;
    const reason = describeNetworkFailure(e) + (certificate ? `; ${certificate}` : '');
    return new NetworkError('unreachable', `Could not reach ${label.host}: ${reason}`, { cause: e, host: label.host });
  }
}

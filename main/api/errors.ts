/**
 * The three ways a request can fail, kept apart because callers react differently:
 * the server said no (ApiError), we never got a usable answer (NetworkError), or the
 * answer was not what a Zulip server sends (ProtocolError).
 * Messages never contain request parameters or headers, so they are safe to log and show.
 */

/** The server answered with result:error (or a non-2xx JSON envelope). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** e.g. 'BAD_EVENT_QUEUE_ID', 'INVALID_API_KEY'; 'UNKNOWN' if the server sent none. */
  readonly code: string;
  readonly httpStatus: number;
  /** From the Retry-After header or the 'retry-after' field (float seconds) on 429. */
  readonly retryAfterMs: number | null;
  /** The envelope's other fields (queue_id, stream, var_name, ...). */
  readonly extra: Record<string, unknown>;

  constructor(opts: {
    message: string;
    code: string;
    httpStatus: number;
    retryAfterMs?: number | null;
    extra?: Record<string, unknown>;
  }) {
    super(opts.message);
    this.code = opts.code;
    this.httpStatus = opts.httpStatus;
    this.retryAfterMs = opts.retryAfterMs ?? null;
    this.extra = opts.extra ?? {};
  }
}

export type NetworkFailure = 'unreachable' | 'timeout' | 'aborted';

/** DNS, connect, reset, TLS, timeout or abort: no HTTP answer arrived. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly reason: NetworkFailure;
  /** The server's host, when known: the account's status line names it ("Can't reach …"). */
  readonly host: string | null;

  constructor(reason: NetworkFailure, message: string, options?: { cause?: unknown; host?: string }) {
    super(message, options);
    this.reason = reason;
    this.host = options?.host ?? null;
  }
}

/** Not JSON, not a Zulip envelope, or a response that failed schema validation. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  /** HTTP status of the odd answer (a 502 HTML page from a proxy is worth retrying; a 200 one is not). */
  readonly httpStatus: number | null;
  /** Dotted path of the first field that failed validation, when that was the problem. */
  readonly field: string | null;

  constructor(message: string, opts: { httpStatus?: number | null; field?: string | null } = {}) {
    super(message);
    this.httpStatus = opts.httpStatus ?? null;
    this.field = opts.field ?? null;
  }
}

/**
 * A request carrying a password or API key was answered with a redirect, which is not followed:
 * a 307 re-posts the body, so a redirect from https to http (or to another host) would hand the
 * secret to whoever is there. `location` is where the server pointed (origin and path only).
 */
export class RedirectRefusedError extends Error {
  override readonly name = 'RedirectRefusedError';
  readonly httpStatus: number;
  readonly location: string;

  constructor(message: string, opts: { httpStatus: number; location: string }) {
    super(message);
    this.httpStatus = opts.httpStatus;
    this.location = opts.location;
  }
}

const AUTH_FAILURE_CODES = new Set(['INVALID_API_KEY', 'USER_DEACTIVATED', 'REALM_DEACTIVATED', 'UNAUTHORIZED']);

/**
 * True when retrying with the same credentials cannot help: the key is wrong, the user or the
 * organization is deactivated. Zulip documents INVALID_API_KEY as 400 but servers send 401, so
 * both the code and the status count.
 */
export function isAuthFailure(e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  return e.httpStatus === 401 || AUTH_FAILURE_CODES.has(e.code);
}

/**
 * True when the same request may well succeed later: no answer at all, a rate limit, or a 5xx
 * (including a proxy's HTML error page while the server restarts). An abort we asked for is not transient.
 */
export function isTransient(e: unknown): boolean {
  if (e instanceof NetworkError) return e.reason !== 'aborted';
  if (e instanceof ApiError) return e.httpStatus === 429 || e.httpStatus >= 500;
  if (e instanceof ProtocolError) return e.httpStatus !== null && (e.httpStatus === 429 || e.httpStatus >= 500);
  return false;
}

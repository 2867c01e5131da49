import type { IncomingMessage } from 'node:http';
import type { App } from '../app';
import type { UserRow } from '../store/rows';
import type { Params } from './params';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestContext<U> {
  app: App;
  /** The authenticated caller (null on routes without authentication). */
  user: U;
  params: Params;
  /** Values of `{name}` segments in the route's path, already percent-decoded. */
  pathParams: Record<string, string>;
  req: IncomingMessage;
  /** Fires when the client goes away, so long-polls can release their waiters. */
  signal: AbortSignal;
  /** The sending client's name, from its User-Agent (Zulip's `client` field of messages). */
  clientName: string;
}

/** Fields merged into the success envelope `{"result":"success","msg":""}`. */
export type ApiResult = Record<string, unknown>;

interface RouteBase {
  method: Method;
  /** Relative to /api/v1, e.g. `/users/{email}`. */
  path: string;
}

/** One API endpoint. Route files under routes/ export arrays of these. */
export type ApiRoute = RouteBase &
  (
    | { auth: 'user'; handler(ctx: RequestContext<UserRow>): ApiResult | Promise<ApiResult> }
    | { auth: 'none'; handler(ctx: RequestContext<null>): ApiResult | Promise<ApiResult> }
  );

/** A non-JSON resource outside /api/v1 (avatars, the realm icon). */
export interface AssetRoute {
  method: 'GET';
  /** Absolute path, e.g. `/avatar/{user}`. */
  path: string;
  handler(ctx: { app: App; pathParams: Record<string, string>; url: URL }): {
    contentType: string;
    body: string | Buffer;
    status?: number;
  };
}

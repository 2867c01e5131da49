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

/** A non-JSON resource outside /api/v1 (avatars, the realm icon, the invitation sign-up pages). */
export interface AssetRoute {
  method: 'GET' | 'POST';
  /** Absolute path, e.g. `/avatar/{user}`. */
  path: string;
  /** `req` is there for routes that read a form body (http/body.ts readParams). */
  handler(ctx: {
    app: App;
    pathParams: Record<string, string>;
    url: URL;
    req: IncomingMessage;
  }): AssetResult | Promise<AssetResult>;
}

export interface AssetResult {
  contentType: string;
  body: string | Buffer;
  status?: number;
  /** Defaults to an hour of public caching, right for avatars and icons; pages with state say no-store. */
  cacheControl?: string;
  /** A redirect's target (the browser sign-in ends in a zulip:// one). */
  location?: string;
}

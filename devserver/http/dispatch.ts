import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App } from '../app';
import type { ApiExchange } from '../record/recorder';
import { authenticate } from './auth';
import { readParams } from './body';
import { gateResponse, routeExists, unknownParams } from '../levels/gate';
import { IGNORED_PARAMETERS_LEVEL } from '../levels/table';
import { ApiError } from './errors';
import { Params } from './params';
import type { ApiResult, ApiRoute, AssetRoute, RequestContext } from './route';
import { Router } from './router';

const API_PREFIX = '/api/v1';

/**
 * The request pipeline shared by every route: find the route, authenticate, parse parameters,
 * run the handler, and wrap the outcome in Zulip's envelope. Success responses list parameters
 * the handler never read as ignored_parameters_unsupported; errors become
 * `{"result":"error","msg","code",...}` with the ApiError's status. `onApiResponse` sees every
 * /api/v1 answer actually sent (the conformance recorder).
 */
export function createRequestHandler(
  app: App,
  apiRoutes: readonly ApiRoute[],
  assetRoutes: readonly AssetRoute[],
  onApiResponse?: (exchange: ApiExchange) => void,
) {
  const api = new Router(apiRoutes);
  const assets = new Router(assetRoutes);

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', app.baseUrl);
    const method = req.method ?? 'GET';
    const aborter = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborter.abort();
    });
    let status = 200;
    let sent: string | undefined;
    const isApi = url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`);
    try {
      if (isApi) {
        const body = await handleApi(app, api, req, url, method, aborter.signal);
        sent = sendJson(res, 200, body);
      } else {
        const found = assets.lookup(method, url.pathname);
        if (found.kind !== 'found') throw new ApiError(404, 'BAD_REQUEST', 'Not found');
        const out = await found.match.route.handler({ app, pathParams: found.match.pathParams, url, req });
        status = out.status ?? 200;
        res.writeHead(status, {
          'content-type': out.contentType,
          'cache-control': out.cacheControl ?? 'public, max-age=3600',
          ...(out.location !== undefined ? { location: out.location } : {}),
        });
        res.end(out.body);
      }
    } catch (error) {
      status = error instanceof ApiError ? error.status : 500;
      sent = sendJson(
        res,
        status,
        errorBody(error, app),
        status === 401 ? { 'www-authenticate': 'Basic realm="zulip"' } : {},
      );
    }
    if (isApi && sent !== undefined) onApiResponse?.({ method, path: url.pathname, status, text: sent });
    app.options.log?.(`${method} ${url.pathname} ${status} ${Date.now() - started}ms`);
  };
}

async function handleApi(
  app: App,
  router: Router<ApiRoute>,
  req: IncomingMessage,
  url: URL,
  method: string,
  signal: AbortSignal,
): Promise<ApiResult> {
  const level = app.options.featureLevel;
  const found = router.lookup(method, url.pathname.slice(API_PREFIX.length));
  // A route newer than this server's feature level does not exist here.
  if (found.kind === 'none' || (found.kind === 'found' && !routeExists(level, method, found.match.route.path))) {
    throw new ApiError(404, 'BAD_REQUEST', 'Endpoint not found');
  }
  if (found.kind === 'wrong-method') {
    throw new ApiError(405, 'BAD_REQUEST', 'Method Not Allowed', { allowed_methods: found.allowed });
  }
  const { route, pathParams } = found.match;
  const user = route.auth === 'user' ? authenticate(req, app.store) : null;
  const params = new Params(await readParams(req, url));
  params.withhold(unknownParams(level, method, route.path));
  const base = { app, params, pathParams, req, signal, clientName: clientName(req) };
  const result =
    route.auth === 'user'
      ? await route.handler({ ...base, user: user! })
      : await route.handler({ ...base, user: null } as RequestContext<null>);
  const ignored = params.unused();
  return {
    result: 'success',
    msg: '',
    ...gateResponse(level, result),
    ...(ignored.length > 0 && level >= IGNORED_PARAMETERS_LEVEL ? { ignored_parameters_unsupported: ignored } : {}),
  };
}

function errorBody(error: unknown, app: App): Record<string, unknown> {
  if (error instanceof ApiError) return { result: 'error', msg: error.message, code: error.code, ...error.extra };
  // A bug here, not the client's fault: say so plainly and keep the details in the server log.
  app.options.log?.(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return { result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' };
}

/** Returns the text sent, or undefined when the client was already gone. */
function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): string | undefined {
  if (res.headersSent || res.destroyed) return undefined;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
  return text;
}

/** Zulip names the client after the User-Agent's first product token (e.g. "ZulipElectron"). */
function clientName(req: IncomingMessage): string {
  const agent = req.headers['user-agent']?.trim();
  const name = agent?.split(/[/\s]/, 1)[0];
  return name && name.length > 0 ? name.slice(0, 30) : 'API';
}

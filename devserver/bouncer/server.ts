/**
 * The dev push bouncer as a small node:http app on 127.0.0.1. Start it in-process with
 * `await startBouncer({...})` or as its own process with cli.ts; both report the same start line.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readParams } from '../http/body';
import { ApiError } from '../http/errors';
import { Params } from '../http/params';
import { Router } from '../http/router';
import { sodiumReady } from './crypto';
import { BouncerKeyRing } from './keyring';
import { BouncerRegistry, type RemoteServerConfig } from './registry';
import { basicCredentials, BOUNCER_ROUTES, type BouncerRoute } from './routes';
import type { BouncerState } from './state';

export interface BouncerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** 32 bytes: makes the bouncer's key the same on every run. */
  keySeed?: Uint8Array;
  /** Chat servers allowed in. With none given, one is made up and reported in the start line. */
  remotes?: RemoteServerConfig[];
  /** Freshness window of registrations, in seconds. Default 600. */
  maxAgeSeconds?: number;
  /** Serve /parley_test/* (recorded pushes). Default false. */
  testRoutes?: boolean;
  log?: (line: string) => void;
}

export interface RunningBouncer {
  /** `http://127.0.0.1:PORT` (the bouncer_url; API paths are under /api/v1). */
  readonly url: string;
  readonly state: BouncerState;
  readonly remotes: RemoteServerConfig[];
  startLine(): string;
  stop(): Promise<void>;
}

const API_PREFIX = '/api/v1';

export async function startBouncer(opts: BouncerOptions = {}): Promise<RunningBouncer> {
  await sodiumReady();
  const registry = new BouncerRegistry();
  const remotes = opts.remotes?.length
    ? opts.remotes
    : [{ orgId: randomUUID(), orgKey: randomBytes(24).toString('hex'), realmUuids: [randomUUID()] }];
  for (const r of remotes) registry.addRemote(r);
  const state: BouncerState = {
    keys: new BouncerKeyRing(opts.keySeed),
    registry,
    maxAgeSeconds: opts.maxAgeSeconds ?? 600,
    now: () => Date.now(),
  };
  const router = new Router(BOUNCER_ROUTES.filter((r) => opts.testRoutes === true || r.testOnly !== true));

  const http = createServer((req, res) => void handle(state, router, req, res, opts.log));
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url,
    state,
    remotes,
    startLine: () =>
      JSON.stringify({
        bouncer: 'parley',
        url,
        public_key: state.keys.currentPublicKey,
        remotes: remotes.map((r) => ({ org_id: r.orgId, org_key: r.orgKey, realm_uuids: r.realmUuids })),
      }),
    stop: () => closeServer(http),
  };
}

async function handle(
  state: BouncerState,
  router: Router<BouncerRoute>,
  req: IncomingMessage,
  res: ServerResponse,
  log?: (line: string) => void,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://bouncer.invalid');
  let status = 200;
  let body: Record<string, unknown>;
  try {
    body = { result: 'success', msg: '', ...(await dispatch(state, router, req, url)) };
  } catch (error) {
    status = error instanceof ApiError ? error.status : 500;
    body =
      error instanceof ApiError
        ? { result: 'error', msg: error.message, code: error.code, ...error.extra }
        : { result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' };
    if (!(error instanceof ApiError))
      log?.(`bouncer internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...(status === 401 ? { 'www-authenticate': 'Basic realm="bouncer"' } : {}),
  });
  res.end(text);
  log?.(`bouncer ${req.method} ${url.pathname} ${status}`);
}

async function dispatch(
  state: BouncerState,
  router: Router<BouncerRoute>,
  req: IncomingMessage,
  url: URL,
): Promise<Record<string, unknown>> {
  if (!url.pathname.startsWith(`${API_PREFIX}/`)) throw new ApiError(404, 'BAD_REQUEST', 'Endpoint not found');
  const found = router.lookup(req.method ?? 'GET', url.pathname.slice(API_PREFIX.length));
  if (found.kind === 'none') throw new ApiError(404, 'BAD_REQUEST', 'Endpoint not found');
  if (found.kind === 'wrong-method') throw new ApiError(405, 'BAD_REQUEST', 'Method Not Allowed');
  const { route } = found.match;
  let orgId: string | null = null;
  if (route.auth === 'remote') {
    const { orgId: given, orgKey } = basicCredentials(req.headers.authorization);
    orgId = state.registry.authenticate(given, orgKey);
    if (orgId === null) throw new ApiError(401, 'INVALID_ZULIP_SERVER', 'Invalid organization ID or key');
  }
  const params = new Params(await readParams(req, url));
  return route.handler({ state, orgId, params });
}

function closeServer(http: Server): Promise<void> {
  return new Promise((resolve) => {
    http.close(() => resolve());
    http.closeAllConnections();
  });
}

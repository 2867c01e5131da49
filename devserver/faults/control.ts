import type { IncomingMessage, ServerResponse } from 'node:http';
import { advanceClock, type App } from '../app';
import { deliverDue } from '../scheduled/deliver';
import type { ApiExchange } from '../record/recorder';
import { FaultInjector } from './injector';
import { expireQueues, listQueues, restartServer } from './queues';
import { FaultRequestError } from './rules';

/** Outside /api/v1, so no client can reach it by accident. */
export const CONTROL_PREFIX = '/parley-control';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Wraps the server's request handler with fault injection (only when started with `--faults`):
 * requests under CONTROL_PREFIX arm and disarm faults, every other request passes through the
 * armed faults first. See devserver/README.md for the interface.
 */
export function withFaults(app: App, next: Handler, onInjected?: (exchange: ApiExchange) => void): Handler {
  const injector = new FaultInjector(onInjected);
  return async (req, res) => {
    const url = new URL(req.url ?? '/', app.baseUrl);
    if (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
      await control(app, injector, req, res, url.pathname.slice(CONTROL_PREFIX.length));
    } else {
      await injector.apply(req, res, url.pathname, () => next(req, res));
    }
  };
}

async function control(app: App, injector: FaultInjector, req: IncomingMessage, res: ServerResponse, path: string) {
  // The server listens on 127.0.0.1 only; this guards against that ever changing.
  if (!isLoopback(req.socket.remoteAddress)) return reply(res, 403, { error: 'the fault interface is loopback-only' });
  const key = `${req.method ?? 'GET'} ${path}`;
  try {
    const body = await readJson(req);
    switch (key) {
      case 'GET /faults':
        return reply(res, 200, { faults: injector.list() });
      case 'POST /faults':
        return reply(res, 200, { fault: injector.add(body) });
      case 'DELETE /faults':
        return reply(res, 200, injector.clear());
      case 'GET /queues':
        return reply(res, 200, { queues: listQueues(app) });
      case 'POST /queues/expire':
        return reply(res, 200, { expired: expireQueues(app, body) });
      case 'POST /clock':
        return reply(res, 200, moveClock(app, body));
      case 'POST /restart':
        return reply(res, 200, restartServer(app, body['keep_queues'] === true));
      default:
        return reply(res, 404, { error: `no control operation ${key}` });
    }
  } catch (error) {
    if (error instanceof FaultRequestError) return reply(res, 400, { error: error.message });
    // A bug in the fault interface must not take the server (and the test using it) down.
    return reply(res, 500, { error: error instanceof Error ? error.message : String(error) });
  }
}

/** `{advance_seconds}` moves the server's clock on and delivers what came due: `{now, delivered}`. */
function moveClock(app: App, body: Record<string, unknown>): { now: number; delivered: number } {
  const seconds = body['advance_seconds'];
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
    throw new FaultRequestError('advance_seconds must be a number of seconds, 0 or more');
  }
  const now = advanceClock(Math.floor(seconds));
  return { now, delivered: deliverDue(app) };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new FaultRequestError('the request body must be a JSON object');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FaultRequestError('the request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

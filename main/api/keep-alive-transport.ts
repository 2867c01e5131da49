/**
 * HTTP for servers reached directly: node:http and node:https over keep-alive agents. Per
 * request it is a ClientRequest on a kept socket and a body gathered into one buffer, where
 * undici's fetch built a Request, a Response, Headers and web streams around the same bytes (the
 * event poll and the read go out for every incoming message: issue 28 item 2, bench/README.md).
 *
 * Kept sockets: Node's agent ends an idle one 1 s before the server's Keep-Alive hint runs out,
 * or after IDLE_SOCKET_MS when it hints nothing (below the idle limits of common servers and
 * proxies: nginx 75 s). A request whose socket the server closes before any answer fails as
 * unreachable and is not sent again here: the client cannot tell a socket closed while idle from
 * a server that took the request and dropped it (a message posted twice), so the callers' own
 * retries decide, as with fetch. TLS trusts the runtime's default certificates, the system store
 * included where ./system-ca.ts could add it. Answers are decompressed as fetch did.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { PIECE_BYTES, type HttpAnswer, type HttpRequest, type HttpTransport } from './transport';

/** How long an idle socket is kept for a server that hints nothing (nginx keeps one 75 s). */
export const IDLE_SOCKET_MS = 30_000;
/** As fetch. */
const MAX_REDIRECTS = 20;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type Agents = { http: http.Agent; https: https.Agent };

export function keepAliveTransport(): HttpTransport {
  const options = { keepAlive: true, scheduling: 'lifo' as const, timeout: IDLE_SOCKET_MS };
  const agents: Agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return async (request) => {
    let current = request;
    for (let hops = 0; ; hops++) {
      const res = await exchange(agents, current);
      const location = res.headers.location;
      if (!current.followRedirects || !REDIRECT_STATUSES.has(res.statusCode ?? 0) || !location) return answerOf(res);
      res.resume();
      if (hops >= MAX_REDIRECTS) throw new TypeError(`more than ${MAX_REDIRECTS} redirects`);
      current = redirected(current, new URL(location, current.url), res.statusCode === 303);
    }
  };
}

/** The request to send to a redirect's target: a 303 asks for it with GET and no body, as fetch does. */
function redirected(request: HttpRequest, url: URL, seeOther: boolean): HttpRequest {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`a redirect to ${url.protocol}`);
  if (!seeOther) return { ...request, url };
  const { body: _body, ...rest } = request;
  return { ...rest, url, method: 'GET' };
}

function exchange(agents: Agents, request: HttpRequest): Promise<http.IncomingMessage> {
  const secure = request.url.protocol === 'https:';
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
  const headers: Record<string, string> = { 'Accept-Encoding': 'gzip, deflate, br', ...request.headers };
  if (body) headers['Content-Length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(request.url, {
      method: request.method,
      headers,
      agent: secure ? agents.https : agents.http,
      signal: request.signal,
      // No socket timer while a request waits (the event poll is held open): its deadline ends it.
      timeout: 0,
    });
    req.once('response', resolve);
    // Every error is listened to (a later one, after the answer came, is the body read's to report).
    req.on('error', reject);
    if (!body) req.end();
    else if (!request.onProgress) req.end(body);
    else void writeInPieces(req, body, request.onProgress);
  });
}

/** Hands the body to the socket a piece at a time, as it drains, reporting each piece. */
async function writeInPieces(req: http.ClientRequest, body: Uint8Array, onProgress: (sent: number, total: number) => void) {
  for (let offset = 0; offset < body.length && !req.destroyed; ) {
    const piece = body.subarray(offset, offset + PIECE_BYTES);
    offset += piece.length;
    const more = req.write(piece);
    onProgress(offset, body.length);
    if (!more) await new Promise((resolve) => (req.once('drain', resolve), req.once('close', resolve)));
  }
  if (!req.destroyed) req.end();
}

function decoded(res: http.IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  return decoder ? pipeline(res, decoder, () => undefined) : res;
}

function answerOf(res: http.IncomingMessage): HttpAnswer {
  return {
    status: res.statusCode ?? 0,
    header(name) {
      const value = res.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    async text() {
      const chunks: Buffer[] = [];
      for await (const chunk of decoded(res)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    discard: () => void res.resume(),
  };
}

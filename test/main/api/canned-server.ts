/**
 * A tiny real HTTP server on loopback that answers with whatever a test says. It stands in
 * for servers we cannot reach on purpose (a non-Zulip site, a proxy's error page, a rate
 * limiter), so the client's handling of them is tested over a real socket.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface CannedAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  /** Wait this long before answering (for timeout tests). */
  delayMs?: number;
}

export interface CannedServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export async function startCannedServer(answer: (req: SeenRequest) => CannedAnswer): Promise<CannedServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      const a = answer(seen);
      const isText = typeof a.body === 'string';
      const payload = a.body === undefined ? '' : isText ? (a.body as string) : JSON.stringify(a.body);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(a.status ?? 200, {
          'content-type': isText ? 'text/html; charset=utf-8' : 'application/json',
          ...a.headers,
        });
        res.end(payload);
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening: bind, note the port, close. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const success = (fields: Record<string, unknown> = {}) => ({ result: 'success', msg: '', ...fields });
export const failure = (code: string, msg: string, fields: Record<string, unknown> = {}) => ({
  result: 'error',
  msg,
  code,
  ...fields,
});

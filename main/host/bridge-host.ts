/**
 * The bridge host: the app without Electron. It serves the built renderer on 127.0.0.1 and
 * carries the IPC contract over a WebSocket at /bridge, so a plain browser (Chromium in the
 * end-to-end tests, or a person on a machine where Electron cannot run) gets the same app.
 *
 * Any page in any browser on this machine can reach a loopback port, so the socket upgrades only
 * for our own exact Origin (scheme, host and port; absent is refused) and then serves nothing
 * until its first frame carries the page's session secret (traded once for the launch token in the
 * URL fragment, see sessions.ts and hello.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import type { Core } from '../ipc/types';
import { attachBridgeConnection } from './bridge-connection';
import { awaitHello } from './hello';
import { createLogger, type Logger } from '../log';
import { BridgeSessions, sameSecret, SESSION_PATH, TOKEN_HEADER } from './sessions';
import { securityHeaders } from '../shell/renderer-files';
import { serveStatic } from './static-files';
import { firstEntryOnly } from '../launch-picture/entry-page';

export interface BridgeHostOptions {
  core: Core;
  /** The built renderer: a folder holding index.html (renderer/dist). */
  rendererDir: string;
  /**
   * The entry page with the last session's launch picture (main/launch-picture), served to the
   * page's first load only; null or absent: the plain entry page.
   */
  launchPage?: Promise<string | null> | null;
  /** 0 or absent: any free port. */
  port?: number;
  log?: Logger;
}

export interface BridgeHost {
  /**
   * The page to open, carrying the token in its fragment (never sent to a server by a browser) and,
   * with a launch page, the nonce that earns it in its query.
   */
  url: string;
  origin: string;
  close(): Promise<void>;
}

export const BRIDGE_PATH = '/bridge';
/** The query parameter of the launch URL that earns the launch picture (once). */
const LAUNCH_PARAM = 'launch';
const noEntryPage = (): Promise<null> => Promise.resolve(null);
/** Generous for a chat message or a page of arguments, small enough that no frame can hog memory. */
const MAX_FRAME_BYTES = 4 * 1024 * 1024;

function refuseUpgrade(socket: Socket, status: 403 | 404, reason: string): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Not Found'}\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

export async function startBridgeHost(options: BridgeHostOptions): Promise<BridgeHost> {
  const log = options.log ?? createLogger({ name: 'host' });
  if (!existsSync(join(options.rendererDir, 'index.html'))) {
    throw new Error(
      `The renderer is not built: ${join(options.rendererDir, 'index.html')} is missing. Run "npm run build:renderer" first.`,
    );
  }
  const root = realpathSync(options.rendererDir);
  const sessions = new BridgeSessions();
  const entryPage = firstEntryOnly(options.launchPage);
  // The launch picture shows messages, and any process on this machine can ask a loopback port
  // for `/`: only the page this host launched, whose URL carries this nonce, gets the picture.
  const pictureNonce = randomBytes(32).toString('base64url');
  const entryPageFor = (url: string | undefined): (() => Promise<string | null>) => {
    const nonce = new URL(url ?? '/', 'http://host.invalid').searchParams.get(LAUNCH_PARAM);
    return nonce !== null && sameSecret(nonce, pictureNonce) ? entryPage : noEntryPage;
  };
  let origin = '';
  let host = '';

  const server = createServer((req, res) => {
    // A page on another site that resolved its name to 127.0.0.1 (DNS rebinding) sends its own Host.
    if (req.headers.host !== host) {
      res.writeHead(421, { ...securityHeaders(), 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Misdirected request\n');
      return;
    }
    if (req.url === SESSION_PATH && req.method === 'POST') {
      // Same origin only: another site's page cannot trade a token it somehow learned.
      const token = req.headers[TOKEN_HEADER];
      const secret = req.headers.origin === origin && typeof token === 'string' ? sessions.exchange(token) : null;
      if (secret === null) log.warn('refused a bridge session: wrong, spent or foreign launch token');
      const body = secret === null ? '' : JSON.stringify({ session: secret });
      res.writeHead(secret === null ? 403 : 200, {
        ...securityHeaders(),
        'Cache-Control': 'no-store',
        ...(secret === null ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
      });
      res.end(body);
      return;
    }
    serveStatic(root, req, res, entryPageFor(req.url)).catch((error: unknown) => {
      log.error('could not serve a file', { path: req.url, error: String(error) });
      if (!res.headersSent) res.writeHead(500, securityHeaders());
      res.end();
    });
  });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    // A client that resets mid-handshake must not become an unhandled 'error' that ends the process.
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(req.url ?? '/', origin);
    } catch {
      refuseUpgrade(socket, 404, 'No such endpoint');
      return;
    }
    if (url.pathname !== BRIDGE_PATH) {
      refuseUpgrade(socket, 404, 'No such endpoint');
      return;
    }
    if (req.headers.origin !== origin || req.headers.host !== host) {
      log.warn('refused a bridge connection from a foreign origin', { origin: req.headers.origin ?? null });
      refuseUpgrade(socket, 403, 'Origin not allowed');
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) =>
      awaitHello(
        ws,
        (secret) => sessions.admits(secret),
        log,
        () => attachBridgeConnection(ws, options.core, log),
      ),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;
  origin = `http://${host}`;

  let closing: Promise<void> | null = null;
  return {
    url: `${origin}/${options.launchPage ? `?${LAUNCH_PARAM}=${pictureNonce}` : ''}#token=${sessions.launchToken}`,
    origin,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const client of sockets.clients) {
          client.close(1001, 'Parley is shutting down');
          // A page that never answers the close handshake must not hold the port open.
          setTimeout(() => client.terminate(), 250);
        }
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

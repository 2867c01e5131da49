/**
 * Serves the built renderer (renderer/dist) over plain HTTP to the page the bridge host opens.
 * Only files inside the folder, only GET/HEAD, only known content types: this server faces a
 * browser, and anything it hands out runs with the bridge token in reach.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { rendererCspHeader } from '../shell/csp';

/**
 * The renderer build only emits these kinds of files; a closed list means nothing is ever
 * sniffed or served with a type we did not choose.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers on every response of the host, errors included. */
export function securityHeaders(): OutgoingHttpHeaders {
  return {
    'Content-Security-Policy': rendererCspHeader(),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/**
 * Maps a request path to a file under `root` (already a real path), or null when the path is
 * malformed or points outside it. `/` is the entry page.
 */
export function resolveStaticPath(root: string, requestPath: string): string | null {
  const pathname = requestPath.split('?', 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.slice(1);
  const full = resolve(root, relative);
  return full.startsWith(root + sep) ? full : null;
}

function sendPlain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    ...securityHeaders(),
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** Answers one HTTP request from the files under `root` (a real, absolute path). */
export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendPlain(res, 405, 'Method not allowed\n');
    return;
  }
  const candidate = resolveStaticPath(root, req.url ?? '/');
  if (candidate === null) {
    sendPlain(res, 400, 'Bad path\n');
    return;
  }
  // A symlink inside the folder must not lead outside it.
  const real = await realpath(candidate).catch(() => null);
  const info = real !== null && real.startsWith(root + sep) ? await stat(real).catch(() => null) : null;
  if (real === null || info === null || !info.isFile()) {
    sendPlain(res, 404, 'Not found\n');
    return;
  }
  res.writeHead(200, {
    ...securityHeaders(),
    'Content-Type': contentTypeFor(real),
    'Content-Length': info.size,
    // Vite puts content-hashed files under assets/; everything else (the entry page) must be fresh.
    'Cache-Control': real.startsWith(join(root, 'assets') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(real);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

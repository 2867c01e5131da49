/**
 * How the built renderer (renderer/dist) is handed to a page, whichever transport serves it: the
 * bridge host over HTTP (main/host/static-files.ts) and the Electron shell over app://
 * (app-scheme.ts). Only files inside the folder, only known content types, the same security
 * headers: anything served here runs with the bridge in reach.
 */
import { extname, join, resolve, sep } from 'node:path';
import { rendererCspHeader } from './csp';

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

/** Headers on every response for the renderer, errors included. */
export function securityHeaders(): Record<string, string> {
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
 * Maps a request path to a file under `root` (absolute), or null when the path is malformed or
 * points outside it. `/` is the entry page.
 */
export function resolveStaticPath(root: string, requestPath: string): string | null {
  const pathname = requestPath.split(/[?#]/, 1)[0] ?? '';
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

/**
 * Headers of a file served from `root`. Vite puts content-hashed files under assets/: kept for
 * good. Everything else (the entry page) is never stored: the entry page may carry the launch
 * picture (messages of the last session), which must not outlive a sign-out in the browser's
 * disk cache, as `no-cache` (stored, revalidated) would let it.
 */
export function fileHeaders(root: string, file: string, size: number): Record<string, string> {
  return {
    ...securityHeaders(),
    'Content-Type': contentTypeFor(file),
    'Content-Length': String(size),
    'Cache-Control': file.startsWith(join(root, 'assets') + sep) ? 'public, max-age=31536000, immutable' : 'no-store',
  };
}

/** Headers of a short plain-text answer (an error), never cached. */
export function plainTextHeaders(): Record<string, string> {
  return { ...securityHeaders(), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
}

/** The entry page under `root`: what `/` and `/index.html` resolve to (resolveStaticPath). */
export function entryFile(root: string): string {
  return join(root, 'index.html');
}

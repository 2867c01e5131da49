/**
 * Serves the built renderer (renderer/dist) over plain HTTP to the page the bridge host opens,
 * under the rules of main/shell/renderer-files.ts; only GET/HEAD.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sep } from 'node:path';
import { entryFile, fileHeaders, plainTextHeaders, resolveStaticPath } from '../shell/renderer-files';

function sendPlain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...plainTextHeaders(), 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Answers one HTTP request from the files under `root` (a real, absolute path). `entryPage`, when
 * it gives one, is the entry page's markup for this request (the launch picture's page).
 */
export async function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  entryPage: () => Promise<string | null> = () => Promise.resolve(null),
): Promise<void> {
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
  const page = candidate === entryFile(root) ? await entryPage() : null;
  if (page !== null) {
    const body = Buffer.from(page, 'utf8');
    res.writeHead(200, fileHeaders(root, candidate, body.byteLength));
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  // A symlink inside the folder must not lead outside it.
  const real = await realpath(candidate).catch(() => null);
  const info = real !== null && real.startsWith(root + sep) ? await stat(real).catch(() => null) : null;
  if (real === null || info === null || !info.isFile()) {
    sendPlain(res, 404, 'Not found\n');
    return;
  }
  res.writeHead(200, fileHeaders(root, real, info.size));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(real);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

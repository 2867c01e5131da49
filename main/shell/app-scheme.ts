/**
 * The Electron shell serves the renderer from app://parley/ instead of file://. A standard,
 * secure custom scheme gives the page a real origin of its own ('self' in the CSP means the
 * renderer's folder, not every file:// URL), and it is the only way Chromium in Electron keeps
 * V8's code cache for the bundle: file:// gets none, so every start compiled the renderer's code
 * again. Here is what the scheme answers; main/electron registers it and turns the answer into a
 * Response. Plain Node, so it is tested without Electron.
 */
import { readFile, realpathSync } from 'node:fs';
import { sep } from 'node:path';
import { entryFile, fileHeaders, plainTextHeaders, resolveStaticPath } from './renderer-files';

export const APP_SCHEME = 'app';
export const APP_HOST = 'parley';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * For protocol.registerSchemesAsPrivileged, before the app is ready. `codeCache` needs
 * `standard`; `secure` makes the page a secure context (as file:// was), so notifications work.
 * Not `bypassCSP`, `corsEnabled` nor `allowServiceWorkers`: the page needs none of them.
 */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true, codeCache: true } as const;

export interface AppSchemeAnswer {
  status: number;
  headers: Record<string, string>;
  /** Null for HEAD. */
  body: Uint8Array<ArrayBuffer> | string | null;
}

function plain(status: number, text: string, extra: Record<string, string> = {}): AppSchemeAnswer {
  return { status, headers: { ...plainTextHeaders(), ...extra }, body: text };
}

/** The classic callback API: the one Electron's fs reads app.asar with, whatever the version. */
function readBytes(file: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => readFile(file, (error, bytes) => (error ? reject(error) : resolve(bytes))));
}

/** Links resolved (one must not lead out of the folder); null when there is no such file. */
export function realPath(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * Answers one request for `url` from the files under `root` (the renderer's dist folder as a real,
 * absolute path; inside app.asar in a packaged app, which Electron's fs reads). `entryPage`, when
 * it gives one, is the entry page's markup for this request (the launch picture's page).
 */
export async function answerAppRequest(
  root: string,
  url: string,
  method: string,
  entryPage: () => Promise<string | null> = () => Promise.resolve(null),
): Promise<AppSchemeAnswer> {
  if (method !== 'GET' && method !== 'HEAD') return plain(405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return plain(400, 'Bad URL\n');
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return plain(404, 'Not found\n');
  const candidate = resolveStaticPath(root, parsed.pathname);
  if (candidate === null) return plain(400, 'Bad path\n');
  const page = candidate === entryFile(root) ? await entryPage() : null;
  if (page !== null) {
    const body = new TextEncoder().encode(page);
    return {
      status: 200,
      headers: fileHeaders(root, candidate, body.byteLength),
      body: method === 'HEAD' ? null : body,
    };
  }
  const real = realPath(candidate);
  const file = real !== null && real.startsWith(root + sep) ? real : null;
  if (file === null) return plain(404, 'Not found\n');
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBytes(file);
  } catch {
    // Missing, a folder, unreadable: all the same to the page.
    return plain(404, 'Not found\n');
  }
  return { status: 200, headers: fileHeaders(root, file, bytes.byteLength), body: method === 'HEAD' ? null : bytes };
}

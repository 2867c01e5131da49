/**
 * Electron's side of the app:// scheme (main/shell/app-scheme.ts decides every answer): the
 * privileges, registered before the app is ready, and the handler that serves renderer/dist.
 */
import type { Protocol } from 'electron';
import { answerAppRequest, APP_SCHEME, APP_SCHEME_PRIVILEGES, realPath } from '../shell/app-scheme';
import { firstEntryOnly } from '../launch-picture/entry-page';

/** Must run before `ready`, once (Electron's rule). */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
}

/**
 * Serves the files under `rendererDir` as app://parley/… to the app's windows; the first load of
 * the entry page gets `launchPage` when it holds one (main/launch-picture).
 */
export function serveRenderer(
  protocol: Pick<Protocol, 'handle'>,
  rendererDir: string,
  launchPage?: Promise<string | null> | null,
): void {
  // Resolved once, not per request: each file's own real path is compared with it.
  const root = realPath(rendererDir) ?? rendererDir;
  const entryPage = firstEntryOnly(launchPage);
  protocol.handle(APP_SCHEME, async (request) => {
    const answer = await answerAppRequest(root, request.url, request.method, entryPage);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
}

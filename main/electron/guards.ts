/**
 * Electron-side enforcement of main/shell's decisions: the navigation lock, the window-open
 * handler, permission handlers and the CSP header. The Electron objects are passed in.
 */
import type { Session, WebContents } from 'electron';
import { isAppUrl, externalUrlToOpen } from '../shell/navigation';
import { isPermissionGranted } from '../shell/permissions';

export type OpenExternal = (url: string) => Promise<void>;

/** Keeps a webContents on the app page; links go to the system browser after a scheme check. */
export function guardWebContents(contents: WebContents, entryUrl: string, openExternal: OpenExternal): void {
  const leaveApp = (event: { preventDefault(): void }, url: string): void => {
    if (isAppUrl(url, entryUrl)) return;
    event.preventDefault();
    const external = externalUrlToOpen(url);
    if (external !== null) void openExternal(external).catch(() => undefined);
  };
  contents.on('will-navigate', (event, url) => leaveApp(event, url));
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url, entryUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, entryUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalUrlToOpen(url);
    if (external !== null) void openExternal(external).catch(() => undefined);
    return { action: 'deny' };
  });
}

/** Permission answers (some only for the app's own page) and the CSP header for every response of the app's session. */
export function secureSession(session: Session, cspHeader: string, entryUrl: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionGranted(permission, details.requestingUrl, entryUrl)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionGranted(permission, requestingOrigin, entryUrl),
  );
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [cspHeader] } });
  });
}

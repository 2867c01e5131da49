/**
 * The Electron enforcement of the shell's decisions, driven through thin stand-ins for
 * WebContents and Session (Electron itself cannot run here).
 */
import type { Session, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { guardWebContents, secureSession } from '../../main/electron/guards';
import { APP_ENTRY_URL } from '../../main/shell/app-scheme';
import { rendererCspHeader } from '../../main/shell/csp';

const entry = 'file:///opt/Parley/resources/app.asar/renderer/dist/index.html';

type Listener = (event: { preventDefault(): void; url?: string }, url?: string) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: string }) | null = null;
  const contents = {
    on: (name: string, listener: Listener) => listeners.set(name, listener),
    setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
  };
  /** Fires an event the way Electron does; returns true when the listener prevented it. */
  const fire = (name: string, url: string): boolean => {
    let prevented = false;
    listeners.get(name)?.({ preventDefault: () => (prevented = true), url }, url);
    return prevented;
  };
  return {
    contents: contents as unknown as WebContents,
    fire,
    open: (url: string) => openHandler?.({ url }),
    listeners,
  };
}

describe('guardWebContents', () => {
  it('lets the app page navigate to itself and stops everything else', () => {
    const opened: string[] = [];
    const { contents, fire } = fakeContents();
    guardWebContents(contents, entry, async (url) => void opened.push(url));
    expect(fire('will-navigate', `${entry}#/home`)).toBe(false);
    expect(fire('will-navigate', 'https://evil.example/phish')).toBe(true);
    expect(fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(fire('will-frame-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-attach-webview', 'https://anything/')).toBe(true);
    // A plain link click that tried to navigate the app away opens in the browser instead.
    expect(opened).toEqual(['https://evil.example/phish']);
  });

  it('never opens a new Electron window, and sends only web and mail links to the OS', () => {
    const opened: string[] = [];
    const { contents, open } = fakeContents();
    guardWebContents(contents, entry, async (url) => void opened.push(url));
    for (const url of [
      'https://zulip.com/',
      'mailto:a@example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://x/y',
    ]) {
      expect(open(url)).toEqual({ action: 'deny' });
    }
    expect(opened).toEqual(['https://zulip.com/', 'mailto:a@example.com']);
  });

  it('survives a failing system browser launch', async () => {
    const { contents, open } = fakeContents();
    guardWebContents(contents, entry, () => Promise.reject(new Error('no browser')));
    expect(open('https://zulip.com/')).toEqual({ action: 'deny' });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

describe('secureSession', () => {
  function fakeSession() {
    type RequestHandler = (
      c: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl: string },
    ) => void;
    type CheckHandler = (c: unknown, permission: string, requestingOrigin: string) => boolean;
    type HeadersHandler = (
      details: { responseHeaders?: Record<string, string[]> },
      callback: (r: unknown) => void,
    ) => void;
    const recorded: { request?: RequestHandler; check?: CheckHandler; headers?: HeadersHandler } = {};
    const session = {
      setPermissionRequestHandler: (handler: RequestHandler) => (recorded.request = handler),
      setPermissionCheckHandler: (handler: CheckHandler) => (recorded.check = handler),
      webRequest: { onHeadersReceived: (handler: HeadersHandler) => (recorded.headers = handler) },
    };
    return { session: session as unknown as Session, recorded };
  }

  it('grants notifications, and clipboard writes to the app page only, both when asked and when checked', () => {
    const { session, recorded } = fakeSession();
    secureSession(session, rendererCspHeader(), APP_ENTRY_URL);
    const answers: Record<string, boolean> = {};
    for (const permission of ['notifications', 'media', 'geolocation', 'clipboard-sanitized-write', 'clipboard-read']) {
      recorded.request?.(null, permission, (granted) => (answers[permission] = granted), {
        requestingUrl: APP_ENTRY_URL,
      });
    }
    expect(answers).toEqual({
      notifications: true,
      media: false,
      geolocation: false,
      'clipboard-sanitized-write': true,
      'clipboard-read': false,
    });
    let fromElsewhere: boolean | undefined;
    recorded.request?.(null, 'clipboard-sanitized-write', (granted) => (fromElsewhere = granted), {
      requestingUrl: 'https://chat.example.com/',
    });
    expect(fromElsewhere).toBe(false);
    expect(recorded.check?.(null, 'notifications', 'app://parley')).toBe(true);
    expect(recorded.check?.(null, 'clipboard-sanitized-write', 'app://parley')).toBe(true);
    expect(recorded.check?.(null, 'clipboard-sanitized-write', 'app://evil')).toBe(false);
    expect(recorded.check?.(null, 'clipboard-read', 'app://parley')).toBe(false);
  });

  it('adds the CSP to every response and keeps the other headers', () => {
    const { session, recorded } = fakeSession();
    secureSession(session, rendererCspHeader(), APP_ENTRY_URL);
    let result: unknown;
    recorded.headers?.({ responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => (result = r));
    expect(result).toEqual({
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [rendererCspHeader()] },
    });
  });
});

/**
 * The address the host prints carries a one-time token. In Chromium the page trades it for a
 * session secret it keeps in its own sessionStorage (this exact origin, port included), drops the
 * token from the address, and sends the secret as the first frame of its socket. No cookie is set:
 * a cookie for 127.0.0.1 reaches every other port there (#25 item 1).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_REFUSED_CLOSE } from '../../common/ipc/wire';
import { connectBridge, ipcOutcome } from '../host/ws-client';
import { startE2eApp, type E2eApp, UI_TIMEOUT } from './support';

let app: E2eApp;
let secret: string | null = null;
beforeAll(async () => {
  app = await startE2eApp('bridge-session');
});
afterAll(async () => {
  await app?.close();
});

const bridgeUrl = (): string => `${app.host.origin.replace('http:', 'ws:')}/bridge`;

/** Another listener on 127.0.0.1 (any local program): records every request the browser makes to it. */
async function startForeignListener() {
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>another local program</title><p>hello</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = (): Promise<void> =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // The browser keeps its connections alive; they must not hold the server open.
      server.closeAllConnections();
    });
  return { origin, requests, close };
}

/** The headers of a recorded request a WebSocket client can replay (not those of the handshake itself). */
function replayable(headers: IncomingHttpHeaders): Record<string, string> {
  const handshake = /^(host|connection|upgrade|content-length|sec-websocket-.*)$/;
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name, value]) => !handshake.test(name) && value !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
}

describe('the bridge session in a browser', () => {
  it('trades the launch token for a secret the tab keeps, sets no cookie and forgets the token', async () => {
    const { page } = app;
    await page.goto(app.host.url);
    await page.getByRole('textbox', { name: 'Server URL' }).waitFor({ state: 'visible', timeout: UI_TIMEOUT });
    expect(page.url()).toBe(`${app.host.origin}/`);
    expect(await page.context().cookies()).toEqual([]);
    secret = await page.evaluate(() => sessionStorage.getItem('parley.bridgeSession'));
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A reload keeps the session (the tab's secret), with no token in sight.
    await page.reload();
    await page.getByRole('textbox', { name: 'Server URL' }).waitFor({ state: 'visible', timeout: UI_TIMEOUT });
  });

  it('refuses the bridge to another browser that replays the printed address', async () => {
    const other = await app.browser.newContext();
    try {
      const page = await other.newPage();
      const refused = page.waitForResponse((r) => r.url().endsWith('/session'));
      await page.goto(app.host.url);
      expect((await refused).status()).toBe(403);
      expect(await page.evaluate(() => sessionStorage.getItem('parley.bridgeSession'))).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('sends nothing usable to another listener on 127.0.0.1, and nothing it saw opens the bridge', async () => {
    expect(secret).not.toBeNull();
    const foreign = await startForeignListener();
    // The app's browser visits the other port: in a new tab opened from the app's page (as a link
    // in a message does) and by navigating the app's own tab there. (A fetch from the app's page is
    // stopped by its CSP before any request.)
    const [tab] = await Promise.all([
      app.page.context().waitForEvent('page'),
      app.page.evaluate((url) => void window.open(url, '_blank', 'noopener'), `${foreign.origin}/new-tab`),
    ]);
    try {
      await tab.waitForLoadState();
      await app.page.goto(`${foreign.origin}/navigated`);
      expect(foreign.requests.map((r) => r.url)).toEqual(expect.arrayContaining(['/new-tab', '/navigated']));
      for (const request of foreign.requests) {
        expect(request.headers.cookie).toBeUndefined();
        expect(JSON.stringify(request)).not.toContain(secret);
      }
      // A page on that port trying the bridge from the same browser: its true Origin is refused.
      const fromThere = await tab.evaluate(
        (url) =>
          new Promise<string>((resolve) => {
            const socket = new WebSocket(url);
            socket.onopen = () => socket.send(JSON.stringify({ t: 'call', id: 1, name: 'app:state', args: {} }));
            socket.onmessage = () => resolve('answered');
            socket.onclose = () => resolve('closed');
          }),
        bridgeUrl(),
      );
      expect(fromThere).toBe('closed');
      // That program replaying every header it saw, with the app's Origin forged: no IPC.
      for (const request of foreign.requests) {
        const client = await connectBridge(bridgeUrl(), app.host.origin, undefined, replayable(request.headers));
        expect(await ipcOutcome(client)).toBe(`closed ${SESSION_REFUSED_CLOSE}`);
        expect(client.frames).toEqual([]);
      }
    } finally {
      await tab.close();
      await foreign.close();
    }
  });
});

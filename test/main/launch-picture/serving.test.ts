/** Both transports hand the launch page to the first load of the entry page, and only to it. */
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../main/core';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startBridgeHost, type BridgeHost } from '../../../main/host/bridge-host';
import { firstEntryOnly } from '../../../main/launch-picture/entry-page';
import { createLogger } from '../../../main/log';
import { answerAppRequest } from '../../../main/shell/app-scheme';
import type { Core } from '../../../main/ipc/types';
import { tempDir } from '../store/fixtures';

const PLAIN = '<!doctype html><html lang="en"><body><div id="app"></div></body></html>';
const PICTURED = PLAIN.replace('<div id="app">', '<div id="launch-picture">pictured – ✓</div><div id="app">');
const log = createLogger({ name: 'test', level: 'error', sink: () => undefined });

let root: string;
let core: Core;
let host: BridgeHost;

beforeAll(async () => {
  root = realpathSync(tempDir());
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), PLAIN);
  writeFileSync(join(root, 'assets', 'index-1.js'), 'export {}');
  core = await createCore({ dataDir: tempDir(), credentials: new MemoryCredentialStore(), log });
  host = await startBridgeHost({ core, rendererDir: root, log, launchPage: Promise.resolve(PICTURED) });
});

afterAll(async () => {
  await host?.close();
  await core?.close();
});

describe('the bridge host', () => {
  it('serves the launch page to the first load of the launch URL, then the plain page', async () => {
    // Another file first, and the entry page without the launch URL's nonce (any process on the
    // machine can ask a loopback port): neither gets the picture, nor spends it.
    expect(await (await fetch(`${host.origin}/assets/index-1.js`)).text()).toBe('export {}');
    expect(await (await fetch(`${host.origin}/`)).text()).toBe(PLAIN);
    expect(await (await fetch(`${host.origin}/?launch=guess`)).text()).toBe(PLAIN);
    const launchUrl = new URL(host.url);
    expect(launchUrl.searchParams.get('launch')).toMatch(/^[\w-]{43}$/);
    const first = await fetch(`${host.origin}/${launchUrl.search}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Never kept in a disk cache: the picture shows messages (#25 item 6).
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(Number(first.headers.get('content-length'))).toBe(Buffer.byteLength(PICTURED));
    expect(await first.text()).toBe(PICTURED);
    // A reload shows the live app only.
    expect(await (await fetch(`${host.origin}/${launchUrl.search}`)).text()).toBe(PLAIN);
    expect(await (await fetch(`${host.origin}/index.html`)).text()).toBe(PLAIN);
  });
});

describe('the app:// scheme', () => {
  it('answers the first request for the entry page with the launch page, then with the file', async () => {
    const entryPage = firstEntryOnly(Promise.resolve(PICTURED));
    const first = await answerAppRequest(root, 'app://parley/index.html', 'GET', entryPage);
    expect(first.status).toBe(200);
    expect(first.headers['Content-Security-Policy']).toContain("script-src 'self'");
    expect(new TextDecoder().decode(first.body as Uint8Array)).toBe(PICTURED);
    expect(first.headers['Content-Length']).toBe(String(Buffer.byteLength(PICTURED)));
    expect(first.headers['Cache-Control']).toBe('no-store');
    const again = await answerAppRequest(root, 'app://parley/index.html', 'GET', entryPage);
    expect(Buffer.from(again.body as Uint8Array).toString()).toBe(readFileSync(join(root, 'index.html'), 'utf8'));
  });

  it('gives no launch page to a request that is refused anyway', async () => {
    let asked = 0;
    const entryPage = (): Promise<string | null> => {
      asked += 1;
      return Promise.resolve(PICTURED);
    };
    expect((await answerAppRequest(root, 'app://parley/index.html', 'POST', entryPage)).status).toBe(405);
    expect((await answerAppRequest(root, 'app://other/index.html', 'GET', entryPage)).status).toBe(404);
    expect(asked).toBe(0);
  });
});

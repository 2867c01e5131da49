import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createCore } from './main/core';
import { MemoryCredentialStore } from './main/credentials';
import { startBridgeHost } from './main/host/bridge-host';
import { RENDERER_DIST } from './main/host/renderer-dist';
import { createLogger } from './main/log';
import { startDevServer } from './devserver/spawn';
const quiet = () => createLogger({ name: 'x', level: 'error', sink: () => undefined });
const server = await startDevServer({ seed: 'demo' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const dir = mkdtempSync(join(tmpdir(), 'ui-'));
const credentials = new MemoryCredentialStore();
const user = server.byRole(400);
{
  const core = await createCore({ dataDir: join(dir, 't'), credentials, log: quiet() });
  const host = await startBridgeHost({ core, rendererDir: RENDERER_DIST, log: quiet() });
  const ctx = await browser.newContext(); const page = await ctx.newPage();
  await page.goto(host.url);
  await page.getByRole('textbox', { name: 'Server URL' }).fill(server.baseUrl);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: /^Email/ }).fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name: 'general', exact: true }).click();
  await page.getByRole('log').getByRole('article').first().waitFor();
  await ctx.close(); await host.close(); await core.close();
}
for (let i = 0; i < 4; i++) {
  cpSync(join(dir, 't'), join(dir, 'w' + i), { recursive: true });
  const core = await createCore({ dataDir: join(dir, 'w' + i), credentials, log: quiet() });
  const host = await startBridgeHost({ core, rendererDir: RENDERER_DIST, log: quiet() });
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } }); 
  await ctx.addInitScript({ content: `
    var m = (window.__m = []);
    function t(n) { m.push([n, Math.round(performance.now())]); }
    var WS = window.WebSocket;
    window.WebSocket = function (a, b) {
      var ws = new WS(a, b); t('ws-new');
      ws.addEventListener('open', function () { t('ws-open'); });
      var send = ws.send.bind(ws); ws.send = function (d) { t('> ' + String(d).slice(0, 50)); send(d); };
      ws.addEventListener('message', function (e) { t('< ' + String(e.data).slice(0, 50)); });
      return ws;
    };
    var nav = false, art = false;
    new MutationObserver(function () {
      if (!nav && document.querySelector('nav')) { nav = true; t('nav'); }
      if (!art && document.querySelector('[role=log] article')) { art = true; t('article'); }
    }).observe(document, { subtree: true, childList: true });
    document.addEventListener('DOMContentLoaded', function () { t('dcl'); });
    new PerformanceObserver(function (l) { l.getEntries().forEach(function (e) { t('long ' + Math.round(e.startTime) + '+' + Math.round(e.duration)); }); }).observe({ type: 'longtask', buffered: true });
  ` });
  const page = await ctx.newPage();
  await page.goto(host.url);
  await page.getByRole('log').getByRole('article').first().waitFor();
  await new Promise((r) => setTimeout(r, 300));
  const m = await page.evaluate(() => (window as any).__m);
  if (i === 3) console.log(m.map((x: any) => `${x[1]} ${x[0]}`).join('\n'));
  else console.log(m.filter((x: any) => ['dcl','nav','article','ws-open'].includes(x[0])).map((x: any) => `${x[0]}=${x[1]}`).join(' '));
  await ctx.close(); await host.close(); await core.close();
}
await browser.close(); await server.stop();

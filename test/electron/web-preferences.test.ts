import { expect, it } from 'vitest';
import { secureWebPreferences } from '../../main/shell/web-preferences';

it('isolates the page from Node and keeps web security on', () => {
  const prefs = secureWebPreferences('/app/out/preload/index.cjs');
  expect(prefs).toMatchObject({
    preload: '/app/out/preload/index.cjs',
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
  });
  expect(prefs).not.toHaveProperty('enableBlinkFeatures');
});

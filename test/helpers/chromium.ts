/**
 * Chromium's arguments for a page that stands for the app's window, shared by the e2e tests and
 * the bench: no sandbox or GPU on this machine, nothing in the background, and the app's renderer
 * V8 flags as Electron applies them (main/shell/renderer-flags.ts).
 */
import { RENDERER_JS_FLAGS_ARG } from '../../main/shell/renderer-flags';

export const APP_CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-sync',
  RENDERER_JS_FLAGS_ARG,
];

/**
 * What the suites that drive the real UI need (ui, incoming, page-memory): Debian's Chromium and
 * the built renderer. Said in words up front, rather than as a launch error halfway through a run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RENDERER_DIST } from '../../main/host/renderer-dist';
import { RENDERER_JS_FLAGS_ARG } from '../../main/shell/renderer-flags';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Chromium's arguments for a page that stands for the app's window: the app's V8 flags included. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-sync',
  RENDERER_JS_FLAGS_ARG,
];

export function requireChromiumAndRenderer(suite: string): void {
  if (!existsSync(CHROMIUM)) throw new Error(`the ${suite} suite needs Chromium at ${CHROMIUM} (or CHROMIUM_PATH)`);
  if (!existsSync(join(RENDERER_DIST, 'index.html')))
    throw new Error(`the ${suite} suite needs \`npm run build:renderer\` first`);
}

/**
 * What the suites that drive the real UI need (ui, incoming, page-memory): Debian's Chromium and
 * the built renderer. Said in words up front, rather than as a launch error halfway through a run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RENDERER_DIST } from '../../main/host/renderer-dist';
import { APP_CHROMIUM_ARGS } from '../../test/helpers/chromium';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Chromium's arguments for a page that stands for the app's window (test/helpers/chromium.ts). */
export const CHROMIUM_ARGS = [...APP_CHROMIUM_ARGS];

export function requireChromiumAndRenderer(suite: string): void {
  if (!existsSync(CHROMIUM)) throw new Error(`the ${suite} suite needs Chromium at ${CHROMIUM} (or CHROMIUM_PATH)`);
  if (!existsSync(join(RENDERER_DIST, 'index.html')))
    throw new Error(`the ${suite} suite needs \`npm run build:renderer\` first`);
}

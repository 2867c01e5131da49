/**
 * The renderer build `npm run demo` starts with, quiet: vite's and rolldown's summaries (file
 * sizes, timings) are for people working on the build, not for someone trying the app. Errors
 * still come through, in vite's words.
 */
import { join } from 'node:path';
import { build } from 'vite';
import { PROJECT_ROOT } from './build-main';

export async function buildRendererQuietly(): Promise<void> {
  await build({ configFile: join(PROJECT_ROOT, 'renderer/vite.config.ts'), logLevel: 'error' });
}

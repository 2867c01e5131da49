/**
 * `npm run host -- [--data DIR] [--port N]`: runs Parley's core and serves the app to a browser
 * at a loopback URL (printed on stdout, one line). Ctrl-C stops it cleanly.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEV_CORE_THREAD_ENTRY, startCoreThread, SYNC_GRACE_MS } from '../core-thread';
import { createLogger } from '../log';
import { defaultDataDir } from '../shell/data-dir';
import { parsePortArg } from './port-arg';
import { serve } from './serve';
import { prepareLaunchPage } from '../launch-picture/entry-page';
import { RENDERER_DIST } from './renderer-dist';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { data: { type: 'string' }, port: { type: 'string' } },
    strict: true,
  });
  const port = parsePortArg(values.port);
  const dataDir = values.data ?? defaultDataDir();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const log = createLogger({ name: 'host' });
  // Made while the core starts: the last session's picture in the entry page (main/launch-picture).
  const launchPage = prepareLaunchPage(RENDERER_DIST, dataDir, (why) => log.warn(`no launch picture: ${why}`));
  // As in Electron, the core runs on its own worker thread: this one only moves frames. The host
  // listens while it starts (serve.ts).
  const serving = await serve({
    startCore: () =>
      startCoreThread(
        { dataDir, log: { name: 'core' }, syncGraceMs: SYNC_GRACE_MS },
        { entry: DEV_CORE_THREAD_ENTRY, log },
      ),
    rendererDir: RENDERER_DIST,
    port,
    launchPage,
    log,
  });
  console.log(`Parley is running at ${serving.host.url}`);
  // A core that cannot start is said once here; the page's calls say why as well.
  serving.core.started.catch((error: unknown) =>
    console.error(`Parley's core did not start: ${error instanceof Error ? error.message : String(error)}`),
  );

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void serving.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

/**
 * `npm run host -- [--data DIR] [--port N]`: runs Parley's core and serves the app to a browser
 * at a loopback URL (printed on stdout, one line). Ctrl-C stops it cleanly.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEV_CORE_THREAD_ENTRY, startCoreThread, SYNC_GRACE_MS } from '../core-thread';
import { createLogger } from '../log';
import { defaultDataDir } from '../shell/data-dir';
import { startBridgeHost } from './bridge-host';
import { parsePortArg } from './port-arg';
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
  // As in Electron, the core runs on its own worker thread: this one only moves frames.
  const core = await startCoreThread(
    { dataDir, log: { name: 'core' }, syncGraceMs: SYNC_GRACE_MS },
    { entry: DEV_CORE_THREAD_ENTRY, log },
  );
  const host = await startBridgeHost({ core, rendererDir: RENDERER_DIST, port, launchPage }).catch(
    async (error: unknown) => {
      await core.close();
      throw error;
    },
  );
  console.log(`Parley is running at ${host.url}`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void host
      .close()
      .then(() => core.close())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

/**
 * `npm run host -- [--data DIR] [--port N]`: runs Parley's core and serves the app to a browser
 * at a loopback URL (printed on stdout, one line). Ctrl-C stops it cleanly.
 */
import { parseArgs } from 'node:util';
import { DEV_CORE_THREAD_ENTRY } from '../core-thread';
import { createLogger } from '../log';
import { defaultDataDir } from '../shell/data-dir';
import { parsePortArg } from './port-arg';
import { RENDERER_DIST } from './renderer-dist';
import { startHost } from './start-host';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { data: { type: 'string' }, port: { type: 'string' } },
    strict: true,
  });
  const log = createLogger({ name: 'host' });
  const serving = await startHost({
    dataDir: values.data ?? defaultDataDir(),
    rendererDir: RENDERER_DIST,
    coreEntry: DEV_CORE_THREAD_ENTRY,
    port: parsePortArg(values.port),
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

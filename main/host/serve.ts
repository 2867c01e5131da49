/**
 * The bridge host's start order, apart from the command line (cli.ts) so it can be tested: the
 * host listens, with the last session's picture in its entry page, while the core is still
 * starting. The core's thread (a new isolate compiling the core's bundle, the keychain, the
 * databases) takes hundreds of milliseconds; awaited before listening, every launch paid it
 * before the browser could even fetch the page (issue 28 item 1). Calls made meanwhile wait for
 * the core (core-thread/pending-core.ts), as in Electron.
 */
import { pendingCore, type PendingCore } from '../core-thread/pending-core';
import type { Core } from '../ipc/types';
import type { Logger } from '../log';
import { startBridgeHost, type BridgeHost } from './bridge-host';

export interface ServeOptions<C extends Core> {
  /** Starts the core; not awaited before the host listens. */
  startCore: () => Promise<C>;
  rendererDir: string;
  port?: number | undefined;
  /** The entry page with the last session's picture (main/launch-picture), being made. */
  launchPage?: Promise<string | null> | null;
  log?: Logger;
}

export interface Serving<C extends Core> {
  host: BridgeHost;
  core: PendingCore<C>;
  /** Stops the host, then the core (once it has started; a core that failed has nothing to close). */
  close(): Promise<void>;
}

export async function serve<C extends Core>(o: ServeOptions<C>): Promise<Serving<C>> {
  const core = pendingCore(o.startCore());
  const closeCore = () =>
    core.started.then(
      (c) => c.close(),
      () => undefined,
    );
  const host = await startBridgeHost({
    core,
    rendererDir: o.rendererDir,
    ...(o.port !== undefined ? { port: o.port } : {}),
    ...(o.launchPage ? { launchPage: o.launchPage } : {}),
    ...(o.log ? { log: o.log } : {}),
  }).catch(async (error: unknown) => {
    await closeCore();
    throw error;
  });
  return {
    host,
    core,
    close: async () => {
      await host.close();
      await closeCore();
    },
  };
}

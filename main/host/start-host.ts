/**
 * The bridge host's whole launch, apart from the command line (cli.ts) so a released bundle of it
 * can be spawned and timed (bench `ui-start`): the last session's picture made while the host
 * listens and the core starts on its worker thread (serve.ts).
 */
import { mkdirSync } from 'node:fs';
import { startCoreThread, SYNC_GRACE_MS, type RemoteCore } from '../core-thread';
import type { CoreThreadOptions } from '../core-thread/protocol';
import type { Logger } from '../log';
import { prepareLaunchPage } from '../launch-picture/entry-page';
import { keychainSigningKey } from '../launch-picture/signing';
import { serve, type Serving } from './serve';

export interface HostLaunch {
  dataDir: string;
  rendererDir: string;
  /** The core thread's entry: the dev loader, or the release bundle's. */
  coreEntry: string;
  port?: number | undefined;
  /** The OS keychain's service the core keeps its keys under (default: the app's). */
  keychainService?: string | undefined;
  /** See CoreThreadOptions.codeCacheWriteAfterMs. */
  codeCacheWriteAfterMs?: number | undefined;
  coreLog?: CoreThreadOptions['log'];
  log: Logger;
}

export async function startHost(o: HostLaunch): Promise<Serving<RemoteCore>> {
  mkdirSync(o.dataDir, { recursive: true, mode: 0o700 });
  const launchPage = prepareLaunchPage(
    o.rendererDir,
    o.dataDir,
    (why) => o.log.warn(`no launch picture: ${why}`),
    () => keychainSigningKey(o.keychainService),
  );
  // As in Electron, the core runs on its own worker thread: this one only moves frames.
  return serve({
    startCore: () =>
      startCoreThread(
        {
          dataDir: o.dataDir,
          rendererDir: o.rendererDir,
          log: o.coreLog ?? { name: 'core' },
          syncGraceMs: SYNC_GRACE_MS,
          ...(o.keychainService !== undefined ? { keychainService: o.keychainService } : {}),
          ...(o.codeCacheWriteAfterMs !== undefined ? { codeCacheWriteAfterMs: o.codeCacheWriteAfterMs } : {}),
        },
        { entry: o.coreEntry, log: o.log },
      ),
    rendererDir: o.rendererDir,
    port: o.port,
    launchPage,
    log: o.log,
  });
}

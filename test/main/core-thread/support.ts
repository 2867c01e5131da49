/**
 * A core on its own worker thread (main/core-thread) for tests: the real worker entry under tsx,
 * the OS keychain under a throw-away service name, and an event recorder.
 */
import { randomBytes } from 'node:crypto';
import { forgetKeychainService } from '../../helpers/keychain';
import {
  DEV_CORE_THREAD_ENTRY,
  startCoreThread,
  type CoreThreadHost,
  type RemoteCore,
} from '../../../main/core-thread';
import type { CoreThreadOptions } from '../../../main/core-thread';
import { createLogger } from '../../../main/log';
import { recordCore, type TestCore } from '../core/harness';

/** A core on its worker thread, its events recorded; `logLines` are the main thread side's (restarts, failures). */
export type ThreadedCore = TestCore<RemoteCore>;

/** A keychain service name of this run only; `removeKeys` deletes everything stored under it. */
export function throwAwayService(): { service: string; removeKeys(): Promise<void> } {
  const service = `Parley-core-thread-${randomBytes(4).toString('hex')}`;
  return {
    service,
    async removeKeys() {
      await forgetKeychainService(service);
    },
  };
}

export async function startThreadedCore(
  options: CoreThreadOptions,
  host: Partial<CoreThreadHost> = {},
): Promise<ThreadedCore> {
  const logLines: string[] = [];
  const core = await startCoreThread(
    { log: { name: 'core', level: 'error' }, ...options },
    {
      entry: DEV_CORE_THREAD_ENTRY,
      log: createLogger({ name: 'main-thread', level: 'debug', sink: (line) => logLines.push(line) }),
      ...host,
    },
  );
  return recordCore(core, logLines);
}

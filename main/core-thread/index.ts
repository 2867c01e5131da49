/** The core on its own worker thread; see ./remote-core.ts for why. */
import { fileURLToPath } from 'node:url';

export { startCoreThread, type CoreThreadHost, type RemoteCore } from './remote-core';
export { pendingCore, type PendingCore } from './pending-core';
export { RestartBudget } from './restart-budget';
export { SYNC_GRACE_MS, type CoreThreadOptions } from './protocol';

/** The worker entry when running from source under tsx (bridge host, demo, tests). */
export const DEV_CORE_THREAD_ENTRY = fileURLToPath(new URL('./dev-entry.mjs', import.meta.url));

/**
 * A real core signed in, live, to the demo organization on the dev server as its owner, after
 * `before` changed something on the server (so it can only reach the cache through register).
 */
import type { AccountSummary } from '../../../common/model';
import { startLiveCore, type TestCore } from '../core/harness';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';

export interface LiveOwner {
  server: RunningDevServer;
  t: TestCore;
  account: AccountSummary;
  stop(): Promise<void>;
}

export async function startLiveOwner(before: (server: RunningDevServer) => Promise<void>): Promise<LiveOwner> {
  const server = await startDevServer();
  await before(server);
  const o = server.byRole(100);
  const { t, account } = await startLiveCore(tempDir(), server.baseUrl, o);
  return {
    server,
    t,
    account,
    async stop() {
      await t.core.close();
      await server.stop();
    },
  };
}

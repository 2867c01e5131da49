/** A data folder a member of the dev server signed into, the sync gone live: what warm-start tests reopen. */
import type { MemoryCredentialStore } from '../../../main/credentials';
import type { RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';
import { startLiveCore, type TestCore } from './harness';

export interface SignedInFolder {
  /** The core that signed in, still running: the caller leaves what it needs in the cache, then closes it. */
  t: TestCore;
  dataDir: string;
  accountId: string;
  /** The member's channels, in sidebar order. */
  channelIds: number[];
}

export async function signedInFolder(
  server: RunningDevServer,
  credentials: MemoryCredentialStore,
  opts: Parameters<typeof startLiveCore>[4] = {},
): Promise<SignedInFolder> {
  const dataDir = tempDir();
  const member = server.byRole(400);
  const { t, account } = await startLiveCore(dataDir, server.baseUrl, member, credentials, opts);
  const sidebar = await t.ok('sidebar:get', { accountId: account.id });
  return { t, dataDir, accountId: account.id, channelIds: sidebar.channels.map((c) => c.id) };
}

/**
 * The setup several message tests share: a dev server, two members who share a channel (the
 * account under test and another user acting over plain HTTP), and a real core signed in as
 * the first one with its event queue live.
 */
import type { AccountSummary } from '../../../common/model';
import { startDevServer, type DevServerUser, type RunningDevServer, type StartOptions } from '../../helpers/devserver';
import { startLiveCore, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';
import { apiKeyOf, subscriptionsOf } from '../sync/http';
import type { Creds } from './http';

export interface TwoMembers {
  server: RunningDevServer;
  t: TestCore;
  account: AccountSummary;
  meUser: DevServerUser;
  me: Creds;
  otherUser: DevServerUser;
  other: Creds;
  /** A channel both members are subscribed to. */
  channelId: number;
  stop(): Promise<void>;
}

export async function startTwoMembers(options: StartOptions = {}): Promise<TwoMembers> {
  const server = await startDevServer(options);
  const meUser = server.byRole(400);
  const otherUser = server.users.find((u) => u.role === 400 && u.userId !== meUser.userId)!;
  const me = await apiKeyOf(server.baseUrl, meUser.email, meUser.password);
  const other = await apiKeyOf(server.baseUrl, otherUser.email, otherUser.password);
  const theirs = new Set((await subscriptionsOf(server.baseUrl, other)).map((s) => s.stream_id));
  const channelId = (await subscriptionsOf(server.baseUrl, me)).find((s) => theirs.has(s.stream_id))!.stream_id;
  const { t, account } = await startLiveCore(tempDir(), server.baseUrl, meUser);
  return {
    server,
    t,
    account,
    meUser,
    me,
    otherUser,
    other,
    channelId,
    async stop() {
      await t.core.close();
      await server.stop();
    },
  };
}

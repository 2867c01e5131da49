/**
 * The start of a "while the app was away" test: a member's first run signed in and live (its event
 * queue registered, kept by the server after the run quits), and a peer, subscribed to the member's
 * first channel, to write meanwhile. The test closes `first` when it has done what it needs there.
 */
import { MemoryCredentialStore } from '../../../main/credentials';
import type { RunningDevServer } from '../../helpers/devserver';
import { Actor } from '../consistency/actor';
import { startLiveCore } from '../core/harness';
import { tempDir } from '../store/fixtures';

export async function liveThenAway(server: RunningDevServer) {
  const member = server.byRole(400);
  const peer = server.users.find((u) => u.role === 400 && u.email !== member.email)!;
  const sender = await Actor.login(server.baseUrl, peer.email, peer.password);
  const dataDir = tempDir();
  const credentials = new MemoryCredentialStore();
  const { t: first, account } = await startLiveCore(dataDir, server.baseUrl, member, credentials);
  const channel = (await first.ok('sidebar:get', { accountId: account.id })).channels[0]!;
  await sender.call('POST', '/users/me/subscriptions', { subscriptions: [{ name: channel.name }] });
  return { member, peer, sender, dataDir, credentials, first, account, channel };
}

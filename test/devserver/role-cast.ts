/** What the user-administration tests start from: the demo organization's owner, an administrator, a member and another member to act on. */
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { loginRole, type Client } from './records-support';

export interface RoleCast {
  server: RunningDevServer;
  owner: Client;
  admin: Client;
  member: Client;
  target: Client;
}

/** `targetIndex` picks which seeded member is acted on, so two files never act on the same person. */
export async function startRoleCast(targetIndex: number): Promise<RoleCast> {
  const server = await startDevServer({ seed: 'demo' });
  const owner = await loginRole(server, 100);
  const admin = await loginRole(server, 200);
  const member = await loginRole(server, 400, 0);
  const target = await loginRole(server, 400, targetIndex);
  return { server, owner, admin, member, target };
}

/** What the typing tests start from: the demo organization, its owner and two members, and #general. */
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { loginRole, type Client } from './messages-support';
import type { Obj } from './support';

export interface TypingCast {
  server: RunningDevServer;
  owner: Client;
  noah: Client;
  priya: Client;
  generalId: number;
}

export async function startTypingCast(): Promise<TypingCast> {
  const server = await startDevServer({ seed: 'demo' });
  const owner = await loginRole(server, 100);
  const noah = await loginRole(server, 400, 0);
  const priya = await loginRole(server, 400, 1);
  const reg = await owner.ok('POST', '/register', { fetch_event_types: ['subscription'] });
  const generalId = reg['subscriptions'].find((c: Obj) => c['name'] === 'general')['stream_id'] as number;
  return { server, owner, noah, priya, generalId };
}

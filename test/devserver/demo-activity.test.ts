/**
 * --demo-activity: the demo's online people keep reporting presence, so they are still online
 * after the offline threshold; without it the seeded presence fades, as any stale presence does.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { loginRole, type Client } from './messages-support';

const TIMING = ['--presence-ping-seconds', '1', '--presence-offline-seconds', '3'];
let kept: RunningDevServer;
let faded: RunningDevServer;

beforeAll(async () => {
  [kept, faded] = await Promise.all([
    startDevServer({ seed: 'demo', args: [...TIMING, '--demo-activity'] }),
    startDevServer({ seed: 'demo', args: TIMING }),
  ]);
});
afterAll(async () => {
  await Promise.all([kept?.stop(), faded?.stop()]);
});

/** Each user's aggregated status by full name, as the owner's GET /users/{id}/presence says. */
async function statuses(server: RunningDevServer, names: string[]): Promise<Record<string, string>> {
  const owner: Client = await loginRole(server, 100);
  const out: Record<string, string> = {};
  for (const name of names) {
    const user = server.users.find((u) => u.fullName.startsWith(name));
    if (!user) throw new Error(`the demo has no ${name}`);
    const body = await owner.ok('GET', `/users/${user.userId}/presence`);
    out[name] = String(body['presence']['aggregated']['status']);
  }
  return out;
}

it('keeps the demo people online past the offline threshold, and only with the flag', async () => {
  // Twice the offline threshold: seeded presence alone is stale by now.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  expect(await statuses(kept, ['Amir', 'Zanele', 'Tomás'])).toEqual({
    Amir: 'active',
    Zanele: 'active',
    Tomás: 'idle',
  });
  expect(await statuses(faded, ['Amir', 'Zanele'])).toEqual({ Amir: 'offline', Zanele: 'offline' });
});

/**
 * A request carrying a password or the API key is never carried to a redirect's target: an audit
 * saw a 307 from https to http re-post the password of POST /fetch_api_key in clear, and the key
 * that came back was accepted. Two real loopback servers: the organization, which redirects, and
 * "elsewhere", which must receive nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiClient } from '../../../main/api/client';
import { RedirectRefusedError } from '../../../main/api/errors';
import { fetchApiKey } from '../../../main/api/routes/auth';
import { getOwnUser } from '../../../main/api/routes/users';
import { toIpcError } from '../../../main/failure-words';
import { createLogger } from '../../../main/log';
import { startCannedServer, type CannedServer } from './canned-server';

const KEY = 'Zx9kQ2mLp4Rt7Vw1Ys3Bn6Cd8Fg0Hj5K';
const servers: CannedServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** "elsewhere" answers like a Zulip server would, to prove that nothing reached it. */
async function elsewhere(): Promise<CannedServer> {
  const server = await startCannedServer(() => ({
    body: { result: 'success', msg: '', api_key: KEY, email: 'a@b.c', user_id: 1, realm_name: 'Elsewhere' },
  }));
  servers.push(server);
  return server;
}

async function redirecting(status: number, to: string): Promise<CannedServer> {
  const server = await startCannedServer(() => ({ status, headers: { location: to }, body: '' }));
  servers.push(server);
  return server;
}

async function refusal(p: Promise<unknown>): Promise<RedirectRefusedError> {
  const e: unknown = await p.then(
    () => null,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(RedirectRefusedError);
  return e as RedirectRefusedError;
}

describe('a redirect of a request that carries a secret', () => {
  it.each([307, 308, 302, 301])('POST /fetch_api_key answered %i: the password goes nowhere else', async (status) => {
    const other = await elsewhere();
    const org = await redirecting(status, `${other.url}/api/v1/fetch_api_key?x=1`);
    const e = await refusal(
      fetchApiKey(new ApiClient({ realmUrl: org.url }), { username: 'a@b.c', password: 'hunter2' }),
    );
    expect(other.requests).toEqual([]);
    expect(org.requests).toHaveLength(1);
    expect(e.location).toBe(`${other.url}/api/v1/fetch_api_key`);
    // The person is told where, and that it was not followed; the error crosses the bridge as such.
    const ipc = toIpcError(e, createLogger({ name: 'test', sink: () => {} }));
    expect(ipc.code).toBe('REDIRECTED');
    expect(ipc.message).toContain(`sign in at ${other.url}`);
    expect(ipc.message).not.toContain('hunter2');
  });

  it('an authenticated GET answered 302: the key goes nowhere else', async () => {
    const other = await elsewhere();
    const org = await redirecting(302, `${other.url}/api/v1/users/me`);
    await refusal(getOwnUser(new ApiClient({ realmUrl: org.url, auth: { email: 'a@b.c', apiKey: KEY } })));
    expect(other.requests).toEqual([]);
  });

  it('an unauthenticated GET without a body still follows (server settings of a moved address)', async () => {
    const other = await elsewhere();
    const org = await redirecting(301, `${other.url}/api/v1/server_settings`);
    const schema = z.object({ realm_name: z.string() });
    const answer = await new ApiClient({ realmUrl: org.url }).request('GET', '/server_settings', {}, schema);
    expect(answer.realm_name).toBe('Elsewhere');
    expect(other.requests[0]!.headers.authorization).toBeUndefined();
  });
});

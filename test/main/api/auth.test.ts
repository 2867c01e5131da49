/** Password sign-in, the user routes, and telling a bad key from other failures, against the dev server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../main/api/client';
import { ApiError, isAuthFailure } from '../../../main/api/errors';
import { fetchApiKey } from '../../../main/api/routes/auth';
import { getOwnUser, getUser, getUsers } from '../../../main/api/routes/users';
import { createLogger } from '../../../main/log';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';

let dev: RunningDevServer;
beforeAll(async () => {
  dev = await startDevServer({ seed: 'demo' });
});
afterAll(async () => {
  await dev?.stop();
});

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('fetchApiKey', () => {
  it('returns the key, API email and user ID for the right password', async () => {
    const owner = dev.byRole(100);
    const res = await fetchApiKey(new ApiClient({ realmUrl: dev.baseUrl }), {
      username: owner.email,
      password: owner.password,
    });
    expect(res.api_key).toMatch(/^\S{16,}$/);
    expect(res.user_id).toBe(owner.userId);
    expect(res.email).not.toBe('');
  });

  it('fails with a 401 ApiError for a wrong password, which counts as an auth failure', async () => {
    const member = dev.byRole(400);
    const e = await rejection(
      fetchApiKey(new ApiClient({ realmUrl: dev.baseUrl }), { username: member.email, password: 'not-it' }),
    );
    expect(e.httpStatus).toBe(401);
    expect(e.code).toBe('AUTHENTICATION_FAILED');
    expect(e.message).not.toContain('not-it');
    expect(isAuthFailure(e)).toBe(true);
  });
});

describe('user routes with a fetched key', () => {
  it('reads the own user, every user, and one user by email', async () => {
    const member = dev.byRole(400);
    const base = new ApiClient({ realmUrl: dev.baseUrl });
    const key = await fetchApiKey(base, { username: member.email, password: member.password });
    const client = base.withAuth({ email: key.email, apiKey: key.api_key });

    const me = await getOwnUser(client);
    expect(me.user_id).toBe(member.userId);
    expect(me.full_name).toBe(member.fullName);

    const users = await getUsers(client);
    for (const u of dev.users) expect(users.map((x) => x.user_id)).toContain(u.userId);
    const owner = users.find((u) => u.user_id === dev.byRole(100).userId);
    expect(owner?.role).toBe(100);

    const one = await getUser(client, key.email);
    expect(one.user_id).toBe(member.userId);
  });

  it('reports a wrong API key as an auth failure and never logs the key', async () => {
    const lines: string[] = [];
    const log = createLogger({ name: 'api', level: 'debug', sink: (l) => lines.push(l) });
    const badKey = 'Aa1Bb2Cc3Dd4Ee5Ff6Gg7Hh8Ii9Jj0Kk';
    const client = new ApiClient({
      realmUrl: dev.baseUrl,
      auth: { email: dev.byRole(400).email, apiKey: badKey },
      log,
    });
    const e = await rejection(getOwnUser(client));
    expect(e.httpStatus).toBe(401);
    expect(isAuthFailure(e)).toBe(true);
    expect(lines.some((l) => l.includes('/users/me') && l.includes('401'))).toBe(true);
    expect(lines.join('\n')).not.toContain(badKey);
  });
});

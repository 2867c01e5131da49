import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { Api, basic, login, type Obj } from './support';

let dir: string;
let dataFile: string;
let server: RunningDevServer;

/** Reads a row straight from the server's SQLite file (the dev server's own storage). */
function row<T>(sql: string, ...args: unknown[]): T {
  const db = new Database(dataFile, { readonly: true });
  try {
    return db.prepare(sql).get(...args) as T;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parley-devserver-auth-'));
  dataFile = join(dir, 'server.sqlite');
  server = await startDevServer({ seed: 'demo', dataFile });
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /fetch_api_key', () => {
  it('trades the seeded email and password for the API key, email and user ID', async () => {
    const owner = server.byRole(100);
    const res = await new Api(server.baseUrl).post('/fetch_api_key', {
      username: owner.email,
      password: owner.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: 'success', msg: '', email: owner.email, user_id: owner.userId });
    expect(res.body['api_key']).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(res.body['api_key']).toBe(
      row<{ api_key: string }>('SELECT api_key FROM users WHERE id = ?', owner.userId).api_key,
    );
  });

  it('answers a wrong password and an unknown user alike: 401 AUTHENTICATION_FAILED', async () => {
    const api = new Api(server.baseUrl);
    const member = server.byRole(400);
    for (const params of [
      { username: member.email, password: 'not-the-password' },
      { username: 'nobody@parley.example', password: member.password },
    ]) {
      const res = await api.post('/fetch_api_key', params);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        result: 'error',
        code: 'AUTHENTICATION_FAILED',
        msg: 'Your username or password is incorrect',
      });
    }
  });

  it('reports a missing parameter by name', async () => {
    const res = await new Api(server.baseUrl).post('/fetch_api_key', { username: server.byRole(400).email });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'password' argument",
      var_name: 'password',
    });
  });

  it('refuses a deactivated account with 401 USER_DEACTIVATED, by password and by API key', async () => {
    const former = row<{ id: number; delivery_email: string; api_key: string }>(
      'SELECT id, delivery_email, api_key FROM users WHERE is_active = 0 AND is_bot = 0',
    );
    expect(server.users.map((u) => u.userId)).not.toContain(former.id);
    const byPassword = await new Api(server.baseUrl).post('/fetch_api_key', {
      username: former.delivery_email,
      password: server.byRole(100).password,
    });
    expect(byPassword.status).toBe(401);
    expect(byPassword.body).toMatchObject({ code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
    const byKey = await new Api(server.baseUrl, { email: former.delivery_email, apiKey: former.api_key }).get(
      '/users/me',
    );
    expect(byKey.status).toBe(401);
    expect(byKey.body).toMatchObject({ code: 'USER_DEACTIVATED' });
  });
});

describe('HTTP Basic authentication', () => {
  it('401 UNAUTHORIZED without credentials, with the Basic challenge', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/users/me`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('Basic');
    expect(await res.json()).toEqual({
      result: 'error',
      code: 'UNAUTHORIZED',
      msg: 'Not logged in: API authentication or user session required',
    });
  });

  it('401 INVALID_API_KEY for a wrong key, or a right key under another email', async () => {
    const member = await login(server, server.byRole(400));
    const wrongKey = await new Api(server.baseUrl, { email: member.email, apiKey: 'x'.repeat(32) }).get('/users/me');
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body).toEqual({ result: 'error', code: 'INVALID_API_KEY', msg: 'Invalid API key' });
    const otherEmail = await new Api(server.baseUrl, {
      email: server.byRole(100).email,
      apiKey: member.auth!.apiKey,
    }).get('/users/me');
    expect(otherEmail.status).toBe(401);
    expect(otherEmail.body['code']).toBe('INVALID_API_KEY');
  });

  it('rejects a header that is not Basic', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/users/me`, { headers: { authorization: 'Bearer abc' } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED');
  });

  it('accepts the API email as well as the real address as the username', async () => {
    const member = await login(server, server.byRole(400));
    const { members } = await member.ok('GET', '/users');
    const hidden = (members as Array<Obj>).find((u) => u['email'] !== u['delivery_email'] && !u['is_bot']);
    expect(hidden, 'the demo has a user whose API email is a placeholder').toBeDefined();
    const key = row<{ api_key: string; delivery_email: string }>(
      'SELECT api_key, delivery_email FROM users WHERE id = ?',
      hidden!['user_id'],
    );
    for (const email of [hidden!['email'] as string, key.delivery_email]) {
      const res = await fetch(`${server.baseUrl}/api/v1/users/me`, {
        headers: { authorization: basic(email, key.api_key) },
      });
      expect(res.status).toBe(200);
    }
  });
});

describe('routing', () => {
  it('404 "Endpoint not found" for unknown API paths, before authentication', async () => {
    const res = await new Api(server.baseUrl).get('/no/such/endpoint');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Endpoint not found' });
  });

  it('405 with the allowed methods for a known path and the wrong method', async () => {
    const res = await new Api(server.baseUrl).call('PATCH', '/server_settings');
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ result: 'error', allowed_methods: ['GET'] });
  });
});

describe('a deactivated organization', () => {
  it('refuses sign-in and API keys with 401 REALM_DEACTIVATED after a restart on the same data', async () => {
    const owner = server.byRole(100);
    const key = (await login(server, owner)).auth!.apiKey;
    await server.stop();
    const db = new Database(dataFile);
    db.prepare('UPDATE realm SET deactivated = 1').run();
    db.close();
    server = await startDevServer({ seed: 'demo', dataFile });
    expect(server.byRole(100).userId).toBe(owner.userId);
    const byPassword = await new Api(server.baseUrl).post('/fetch_api_key', {
      username: owner.email,
      password: owner.password,
    });
    expect(byPassword.status).toBe(401);
    expect(byPassword.body).toEqual({
      result: 'error',
      code: 'REALM_DEACTIVATED',
      msg: 'This organization is deactivated',
    });
    // The data file was reused, not reseeded: the old key is still the key, and it is refused.
    const byKey = await new Api(server.baseUrl, { email: owner.email, apiKey: key }).get('/users/me');
    expect(byKey.status).toBe(401);
    expect(byKey.body['code']).toBe('REALM_DEACTIVATED');
  });
});

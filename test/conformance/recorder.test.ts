/** The recording hook (devserver/record/): what a server started with --record writes. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { faults } from '../helpers/devserverFaults';
import { readRecordings, type Recording } from './recordings';

let dir: string;
let server: RunningDevServer;
let recorded: Recording[];
let apiKey: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parley-record-'));
  server = await startDevServer({ seed: 'demo', faults: true, args: ['--record', join(dir, 'server.jsonl')] });
  const owner = server.byRole(100);
  const api = (path: string, init: RequestInit = {}) => fetch(new URL(`/api/v1${path}`, server.baseUrl), init);
  await api('/server_settings');
  const signIn = await api('/fetch_api_key', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: owner.email, password: owner.password }).toString(),
  });
  apiKey = ((await signIn.json()) as { api_key: string }).api_key;
  const auth = { authorization: `Basic ${Buffer.from(`${owner.email}:${apiKey}`).toString('base64')}` };
  await api(`/users/${owner.userId}`, { headers: auth });
  await api('/users/999999', { headers: auth });
  await api('/no/such/endpoint');
  await api('/server_settings', { method: 'PATCH' });
  await faults(server).rateLimitNext(1, { retryAfter: 2 });
  await api('/users/me', { headers: auth });
  await fetch(new URL('/avatar/1', server.baseUrl)); // outside /api/v1: not recorded
  await server.stop(); // flushes the file
  recorded = readRecordings(dir).recordings;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--record FILE', () => {
  it('writes one line per /api/v1 response, in order, and nothing for other paths', () => {
    expect(recorded.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /server_settings 200',
      'POST /fetch_api_key 200',
      `GET /users/${server.byRole(100).userId} 200`,
      'GET /users/999999 400',
      'GET /no/such/endpoint 404',
      'PATCH /server_settings 405',
      'GET /users/me 429',
    ]);
  });

  it("names each response's route template, or null when no route matched", () => {
    expect(recorded.map((r) => r.route)).toEqual([
      '/server_settings',
      '/fetch_api_key',
      '/users/{email}',
      '/users/{email}',
      null,
      null,
      '/users/me',
    ]);
  });

  it('keeps the body as sent, with API keys blanked', () => {
    const signIn = recorded[1]!.body as Record<string, unknown>;
    expect(signIn).toMatchObject({ result: 'success', api_key: '<redacted>', user_id: server.byRole(100).userId });
    expect(readFileSync(join(dir, 'server.jsonl'), 'utf8')).not.toContain(apiKey);
    expect(recorded[3]!.body).toMatchObject({ result: 'error', code: expect.any(String) });
  });

  it('marks answers made up by a fault', () => {
    expect(recorded.map((r) => r.fault)).toEqual([null, null, null, null, null, null, 'rate_limit']);
    expect(recorded[6]!.body).toMatchObject({ code: 'RATE_LIMIT_HIT', 'retry-after': 2 });
  });
});

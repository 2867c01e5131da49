/**
 * A server reached over https must never move the password or the API key to plain HTTP, even
 * when its /server_settings names an http realm_url; plain http to another computer needs the
 * user's explicit acceptance first. "https://chat.example.test" is a real loopback HTTP server
 * behind a fetch that maps the name to it (TLS itself is a boundary these tests cannot reach),
 * recording every URL Parley asked for.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { IpcFailure } from '../../../main/failure-words';
import { probeServer } from '../../../main/api/probe';
import { fetchTransport, type HttpTransport } from '../../../main/api/transport';
import { signIn, signInWithKey, type SignInDeps } from '../../../main/accounts/sign-in';
import { MemoryCredentialStore } from '../../../main/credentials';
import { createLogger } from '../../../main/log';
import { AppStore } from '../../../main/store/app-store';
import { startCannedServer, type CannedServer } from '../api/canned-server';
import { tempDir } from '../store/fixtures';

const KEY = 'abcdefghijklmnopqrstuvwxyz012345';
let server: CannedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A Zulip-shaped server whose settings name `realmUrl`; `asked` gets every URL requested. */
async function fakeRealm(realmUrl: string) {
  server = await startCannedServer((req) => {
    const path = req.url.pathname;
    if (path.endsWith('/server_settings'))
      return {
        body: {
          result: 'success',
          msg: '',
          realm_url: realmUrl,
          realm_name: 'Example',
          zulip_feature_level: 400,
          zulip_version: '11.0',
          email_auth_enabled: true,
        },
      };
    if (path.endsWith('/fetch_api_key'))
      return { body: { result: 'success', msg: '', api_key: KEY, email: 'me@example.test' } };
    if (path.endsWith('/users/me'))
      return { body: { result: 'success', msg: '', user_id: 7, full_name: 'Me', email: 'me@example.test' } };
    return { status: 404, body: { result: 'error', msg: 'no', code: 'BAD_REQUEST' } };
  });
  const asked: string[] = [];
  const target = server.url;
  const mapped: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url.toString());
    return fetch(`${target}${url.pathname}${url.search}`, init);
  };
  return { asked, transport: fetchTransport(mapped) };
}

function deps(transport: HttpTransport, insecureAccepted?: Set<string>): SignInDeps {
  return {
    credentials: new MemoryCredentialStore(),
    appStore: AppStore.open(tempDir()),
    transport,
    log: createLogger({ name: 'downgrade-test', level: 'error' }),
    now: () => Date.now(),
    ...(insecureAccepted ? { insecureAccepted } : {}),
  };
}

describe('https never downgrades to http', () => {
  it('keeps https when an https server names an http realm_url', async () => {
    const realm = await fakeRealm('http://chat.example.test');
    const info = await probeServer('https://chat.example.test', realm.transport);
    expect(info.realmUrl).toBe('https://chat.example.test');
    expect(info.insecure).toBe(false);
  });

  it('sends the password and the key only over https', async () => {
    const realm = await fakeRealm('http://chat.example.test/');
    const d = deps(realm.transport);
    const { record } = await signIn(d, { url: 'chat.example.test', email: 'me@example.test', password: 'hunter2' });
    expect(record.realmUrl).toBe('https://chat.example.test');
    expect(realm.asked.length).toBeGreaterThanOrEqual(3);
    for (const url of realm.asked) expect(url.startsWith('https://chat.example.test/')).toBe(true);
  });
});

describe('plain http to another computer', () => {
  it('is marked insecure, and sign-in is refused before any password is sent', async () => {
    const realm = await fakeRealm('http://chat.example.test');
    expect((await probeServer('http://chat.example.test', realm.transport)).insecure).toBe(true);
    const before = realm.asked.length;
    const attempt = signIn(deps(realm.transport), {
      url: 'http://chat.example.test',
      email: 'me@example.test',
      password: 'hunter2',
    });
    await expect(attempt).rejects.toMatchObject({ code: 'INSECURE_CONNECTION' });
    await expect(attempt).rejects.toBeInstanceOf(IpcFailure);
    // Only the settings probe went out: no fetch_api_key with the password.
    expect(realm.asked.slice(before).every((u) => u.endsWith('/server_settings'))).toBe(true);
    const keyAttempt = signInWithKey(deps(realm.transport), {
      url: 'http://chat.example.test',
      email: 'me@example.test',
      apiKey: KEY,
    });
    await expect(keyAttempt).rejects.toMatchObject({ code: 'INSECURE_CONNECTION' });
    expect(realm.asked.some((u) => u.includes('/users/me'))).toBe(false);
  });

  it('is allowed once the user accepted the warning for that origin', async () => {
    const realm = await fakeRealm('http://chat.example.test');
    const d = deps(realm.transport, new Set(['http://chat.example.test']));
    const { record } = await signIn(d, {
      url: 'http://chat.example.test',
      email: 'me@example.test',
      password: 'hunter2',
    });
    expect(record.realmUrl).toBe('http://chat.example.test');
  });

  it('needs no acceptance on loopback (the dev server)', async () => {
    const realm = await fakeRealm('http://127.0.0.1:9');
    const info = await probeServer('http://127.0.0.1:9', realm.transport);
    expect(info.insecure).toBe(false);
  });
});

/**
 * probeServer against servers that are not (usable) Zulip organizations, each a real HTTP
 * server on loopback. The happy path against the dev server is in server-settings.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { normaliseServerUrl, probeServer, ProbeError } from '../../../main/api/probe';
import { freePort, startCannedServer, success, type CannedAnswer, type CannedServer } from './canned-server';

let server: CannedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(answer: CannedAnswer): Promise<string> {
  server = await startCannedServer(() => answer);
  return server.url;
}

async function probeFailure(url: string): Promise<ProbeError> {
  try {
    await probeServer(url);
  } catch (e) {
    if (e instanceof ProbeError) return e;
    throw e;
  }
  throw new Error('expected the probe to fail');
}

describe('normaliseServerUrl', () => {
  it('adds https:// to bare names and http:// to loopback addresses', () => {
    expect(normaliseServerUrl('chat.example.com')).toBe('https://chat.example.com');
    expect(normaliseServerUrl('  https://chat.example.com/  ')).toBe('https://chat.example.com');
    expect(normaliseServerUrl('http://127.0.0.1:9991')).toBe('http://127.0.0.1:9991');
    expect(normaliseServerUrl('127.0.0.1:9991/')).toBe('http://127.0.0.1:9991');
    expect(normaliseServerUrl('localhost:9991')).toBe('http://localhost:9991');
    expect(normaliseServerUrl('chat.example.com/zulip/?x=1#top')).toBe('https://chat.example.com/zulip');
  });

  it('rejects empty, malformed, non-web and credential-bearing addresses', () => {
    for (const bad of [
      '',
      '   ',
      'http://exa mple.com',
      'ftp://chat.example.com',
      'https://iago:pw@chat.example.com',
    ]) {
      expect(() => normaliseServerUrl(bad)).toThrow(ProbeError);
    }
    try {
      normaliseServerUrl('ftp://chat.example.com');
    } catch (e) {
      expect((e as ProbeError).code).toBe('INVALID_URL');
    }
  });
});

describe('probeServer failures', () => {
  it('says UNREACHABLE when nothing listens', async () => {
    const port = await freePort();
    const e = await probeFailure(`127.0.0.1:${port}`);
    expect(e.code).toBe('UNREACHABLE');
    expect(e.message).toMatch(new RegExp(`^Could not reach 127\\.0\\.0\\.1:${port}`));
  });

  it('says UNREACHABLE for a name that does not resolve', async () => {
    const e = await probeFailure('https://no-such-host.invalid');
    expect(e.code).toBe('UNREACHABLE');
    expect(e.message).toMatch(/Could not reach no-such-host\.invalid/);
  });

  it('says NOT_ZULIP for an ordinary web server', async () => {
    const url = await serve({ body: '<!doctype html><h1>It works!</h1>' });
    const e = await probeFailure(url);
    expect(e.code).toBe('NOT_ZULIP');
    expect(e.message).toMatch(/is not a Zulip server/);
    expect(server!.requests[0]!.url.pathname).toBe('/api/v1/server_settings');
  });

  it('says NOT_ZULIP for a 404 and for JSON that is not a Zulip envelope', async () => {
    const url404 = await serve({ status: 404, body: '<h1>Not Found</h1>' });
    expect((await probeFailure(url404)).code).toBe('NOT_ZULIP');
    await server!.close();
    const urlJson = await serve({ body: { version: '1.0', name: 'some other API' } });
    expect((await probeFailure(urlJson)).code).toBe('NOT_ZULIP');
  });

  it('says NOT_ZULIP for the root of a multi-organization server', async () => {
    const url = await serve({
      body: success({ zulip_feature_level: 400, zulip_version: '10.0', email_auth_enabled: true }),
    });
    const e = await probeFailure(url);
    expect(e.code).toBe('NOT_ZULIP');
    expect(e.message).toMatch(/not the address of an organization/);
  });

  it('says INCOMPATIBLE when the server says so', async () => {
    const url = await serve({
      body: success({
        zulip_feature_level: 1,
        zulip_version: '2.1.0',
        realm_name: 'Old Co',
        realm_url: 'http://old.example.com',
        is_incompatible: true,
      }),
    });
    const e = await probeFailure(url);
    expect(e.code).toBe('INCOMPATIBLE');
    expect(e.message).toMatch(/Old Co runs a Zulip version \(2\.1\.0\)/);
  });
});

describe('probeServer results', () => {
  it('fills ServerInfo with absolute URLs and defaults for what an old server omits', async () => {
    const url = await serve({
      body: success({
        zulip_feature_level: 120,
        zulip_version: '6.0',
        realm_uri: 'https://old.example.com/',
        realm_name: 'Old Co',
        realm_icon: '/user_avatars/2/realm/icon.png?version=3',
        authentication_methods: { password: true, github: true },
        external_authentication_methods: [
          {
            name: 'github',
            display_name: 'GitHub',
            display_icon: '/static/github.png',
            login_url: '/accounts/login/social/github',
          },
        ],
      }),
    });
    const info = await probeServer(url);
    expect(info).toEqual({
      // The server names another origin: shown for the user to choose, never adopted (#25 item 2).
      realmUrl: url,
      namedElsewhere: 'https://old.example.com',
      insecure: false,
      realmName: 'Old Co',
      realmIcon: `${url}/user_avatars/2/realm/icon.png?version=3`,
      realmDescription: '',
      featureLevel: 120,
      version: '6.0',
      mergeBase: '',
      emailAuthEnabled: true,
      requireEmailFormatUsernames: true,
      externalAuthMethods: [
        {
          name: 'github',
          displayName: 'GitHub',
          displayIcon: `${url}/static/github.png`,
          loginUrl: `${url}/accounts/login/social/github`,
        },
      ],
      isIncompatible: false,
      pushNotificationsEnabled: false,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { Api, login, type Obj } from './support';

let server: RunningDevServer;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
});
afterAll(() => server.stop());

describe('GET /server_settings', () => {
  it('answers without authentication with every field of api-v1.md 2.5', async () => {
    const res = await new Api(server.baseUrl).get('/server_settings');
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      result: 'success',
      msg: '',
      external_authentication_methods: [],
      service_feature_level: 420,
      zulip_feature_level: 420,
      push_notifications_enabled: false,
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      realm_url: server.baseUrl,
      realm_uri: server.baseUrl,
      realm_name: 'Parley Demo',
      realm_web_public_access_enabled: false,
    });
    expect(body['service_version']).toBe(body['zulip_version']);
    expect(body['service_merge_base']).toBe(body['zulip_merge_base']);
    expect(Object.keys(body['authentication_methods'])).toEqual(
      expect.arrayContaining([
        'password',
        'dev',
        'email',
        'ldap',
        'remoteuser',
        'github',
        'azuread',
        'gitlab',
        'apple',
        'google',
        'saml',
        'openid connect',
      ]),
    );
    expect(body['authentication_methods']['password']).toBe(true);
    expect(body['realm_description']).toContain('<strong>Parley</strong>');
    expect(body).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('points realm_icon at an absolute URL the server serves as an image', async () => {
    const { body } = await new Api(server.baseUrl).get('/server_settings');
    const icon = new URL(body['realm_icon']);
    expect(icon.origin).toBe(server.baseUrl);
    const res = await fetch(icon);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it('lists unknown parameters as ignored', async () => {
    const res = await new Api(server.baseUrl).get('/server_settings', { bogus: 'x', also: 1 });
    expect(res.body['ignored_parameters_unsupported']).toEqual(['also', 'bogus']);
  });
});

describe('avatars', () => {
  it('serves every user avatar_url, in two sizes, and 404s unknown users', async () => {
    const api = await login(server, server.byRole(400));
    const { members } = await api.ok('GET', '/users');
    for (const member of members as Array<Obj>) {
      const url = new URL(member['avatar_url']);
      expect(url.origin).toBe(server.baseUrl);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(await res.text()).toContain('<svg');
    }
    const medium = await (await fetch(`${server.baseUrl}/avatar/1?s=medium`)).text();
    expect(medium).toContain('width="500"');
    expect((await fetch(`${server.baseUrl}/avatar/999`)).status).toBe(404);
  });
});

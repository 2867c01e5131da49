/** GET /server_settings and probeServer against the real dev server, plus both version-field names. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../main/api/client';
import { probeServer } from '../../../main/api/probe';
import { getServerSettings } from '../../../main/api/routes/server';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startCannedServer, success } from './canned-server';

let dev: RunningDevServer;
beforeAll(async () => {
  dev = await startDevServer({ seed: 'demo' });
});
afterAll(async () => {
  await dev?.stop();
});

describe('getServerSettings against the dev server', () => {
  it('parses the settings and reads the feature level', async () => {
    const settings = await getServerSettings(new ApiClient({ realmUrl: dev.baseUrl }));
    expect(settings.realm_name).toBe(dev.realmName);
    expect(settings.featureLevel).toBe(420);
    expect(settings.service_feature_level).toBe(420);
    expect(settings.zulip_feature_level).toBe(420);
    expect(settings.version).not.toBe('');
    expect(settings.email_auth_enabled).toBe(true);
  });

  it('probes the dev server into a ServerInfo with an absolute icon URL', async () => {
    const info = await probeServer(dev.baseUrl.replace(/^http:\/\//, ''));
    expect(info.realmUrl).toBe(dev.baseUrl);
    expect(info.realmName).toBe(dev.realmName);
    expect(info.featureLevel).toBe(420);
    expect(info.emailAuthEnabled).toBe(true);
    expect(info.isIncompatible).toBe(false);
    expect(info.realmIcon).not.toBeNull();
    expect(new URL(info.realmIcon!).origin).toBe(dev.baseUrl);
  });
});

describe('version fields under either name', () => {
  it('prefers service_* and falls back to zulip_*, missing meaning 0', async () => {
    const bodies = [
      success({ service_feature_level: 417, service_version: '11.0', service_merge_base: '11.0-dev' }),
      success({ zulip_feature_level: 300, zulip_version: '9.2', zulip_merge_base: '9.2' }),
      success({}),
    ];
    let i = 0;
    const canned = await startCannedServer(() => ({ body: bodies[i++] }));
    try {
      const client = new ApiClient({ realmUrl: canned.url });
      const got = [];
      for (let n = 0; n < bodies.length; n++) {
        const s = await getServerSettings(client);
        got.push([s.featureLevel, s.version, s.mergeBase]);
      }
      expect(got).toEqual([
        [417, '11.0', '11.0-dev'],
        [300, '9.2', '9.2'],
        [0, '', ''],
      ]);
      expect(canned.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
    } finally {
      await canned.close();
    }
  });
});

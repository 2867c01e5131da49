/**
 * Browser sign-in end to end: account:ssoStart gives the login page with a fresh pad, the
 * "browser" (plain HTTP here) signs in on the dev server's /accounts/login/ and gets the
 * zulip://login redirect, and account:ssoComplete turns it into a live account. Bad, stale and
 * foreign links are refused with nothing saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startDevServer, type DevServerUser, type RunningDevServer } from '../../helpers/devserver';
import { Actor } from '../consistency/actor';
import { startCore, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
let other: RunningDevServer;
beforeAll(async () => {
  [server, other] = await Promise.all([startDevServer(), startDevServer({ seed: 'empty' })]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), other?.stop()]);
});

/** What the system browser does: open the login page, post the form, stop at the zulip:// redirect. */
async function browserSignIn(loginUrl: string, user: DevServerUser, password = user.password): Promise<Response> {
  const page = await fetch(loginUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const otp = new URL(loginUrl).searchParams.get('mobile_flow_otp')!;
  expect(html).toContain(`value="${otp}"`);
  return fetch(new URL('/accounts/login/', loginUrl), {
    method: 'POST',
    body: new URLSearchParams({ mobile_flow_otp: otp, email: user.email, password }),
    redirect: 'manual',
  });
}

async function redirectFor(t: TestCore, user: DevServerUser): Promise<string> {
  const { loginUrl } = await t.ok('account:ssoStart', { url: server.baseUrl });
  const res = await browserSignIn(loginUrl, user);
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

describe('browser sign-in (SSO)', () => {
  it('opens the login page with a 64-hex-digit pad and signs in from the zulip:// redirect', async () => {
    const credentials = new MemoryCredentialStore();
    const t = await startCore(tempDir(), credentials);
    try {
      const member = server.byRole(400);
      const { loginUrl } = await t.ok('account:ssoStart', { url: server.baseUrl });
      const url = new URL(loginUrl);
      expect(`${url.origin}${url.pathname}`).toBe(`${server.baseUrl}/accounts/login/`);
      expect(url.searchParams.get('mobile_flow_otp')).toMatch(/^[0-9a-f]{64}$/);

      const res = await browserSignIn(loginUrl, member);
      expect(res.status).toBe(302);
      const location = res.headers.get('location')!;
      const redirect = new URL(location);
      expect(redirect.protocol).toBe('zulip:');
      expect(redirect.searchParams.get('realm')).toBe(server.baseUrl);
      expect(redirect.searchParams.get('user_id')).toBe(String(member.userId));
      // The key travels encrypted: never in clear through the browser.
      const realKey = (await Actor.login(server.baseUrl, member.email, member.password)).apiKey;
      expect(location).not.toContain(realKey);

      const summary = await t.ok('account:ssoComplete', { url: location });
      expect(summary).toMatchObject({ email: member.email, userId: member.userId, realmUrl: server.baseUrl });
      expect(await credentials.get({ realmUrl: server.baseUrl, email: member.email })).toBe(realKey);
      await t.waitFor('account:status', (p) => p.accountId === summary.id && p.status.state === 'live');
      const result = await t.waitFor('account:ssoResult', (p) => p.ok);
      expect(result.ok && result.account.id).toBe(summary.id);

      // The same link again (a replay, or a second tab): the pad is gone.
      const replay = await t.call('account:ssoComplete', { url: location });
      expect(replay.ok ? null : replay.error.code).toBe('SSO_NOT_PENDING');
      expect(await t.waitFor('account:ssoResult', (p) => !p.ok)).toMatchObject({
        ok: false,
        error: { code: 'SSO_NOT_PENDING' },
      });
    } finally {
      await t.core.close();
    }
  });

  it('refuses a link from an older attempt, keeping the new attempt open for the right one', async () => {
    const t = await startCore(tempDir(), new MemoryCredentialStore());
    try {
      const member = server.byRole(400);
      const stale = await redirectFor(t, member);
      // The user clicked "sign in with the browser" again: a new pad replaces the old one.
      const fresh = await redirectFor(t, member);
      const r = await t.call('account:ssoComplete', { url: stale });
      expect(r.ok ? null : r.error.code).toBe('INVALID_SSO_REDIRECT');
      expect((await t.ok('app:state', {})).accounts).toEqual([]);
      const summary = await t.ok('account:ssoComplete', { url: fresh });
      expect(summary.userId).toBe(member.userId);
    } finally {
      await t.core.close();
    }
  });

  it('refuses links that are malformed, for another organization, or not asked for; nothing is saved', async () => {
    const credentials = new MemoryCredentialStore();
    const t = await startCore(tempDir(), credentials);
    try {
      const member = server.byRole(400);
      const good = await redirectFor(t, member);
      const cases: [string, string][] = [
        ['not a link', 'INVALID_SSO_REDIRECT'],
        ['https://example.com/login', 'INVALID_SSO_REDIRECT'],
        [good.replace(/otp_encrypted_api_key=[0-9a-f]+/, 'otp_encrypted_api_key=zz'), 'INVALID_SSO_REDIRECT'],
        // A well-formed link for an organization we never started a sign-in with.
        [good.replace(encodeURIComponent(server.baseUrl), encodeURIComponent(other.baseUrl)), 'SSO_NOT_PENDING'],
      ];
      for (const [url, code] of cases) {
        const r = await t.call('account:ssoComplete', { url });
        expect(r.ok ? null : r.error.code, url).toBe(code);
        // Error words never repeat the link, which carries the encrypted key.
        expect(r.ok ? '' : r.error.message).not.toContain('otp_encrypted_api_key=');
      }
      expect((await t.ok('app:state', {})).accounts).toEqual([]);
      expect(await credentials.get({ realmUrl: server.baseUrl, email: member.email })).toBeNull();
      // The genuine link still works after the bad ones.
      expect((await t.ok('account:ssoComplete', { url: good })).userId).toBe(member.userId);
    } finally {
      await t.core.close();
    }
  });

  it('a wrong password on the login page gives the form again, not a redirect', async () => {
    const t = await startCore(tempDir(), new MemoryCredentialStore());
    try {
      const { loginUrl } = await t.ok('account:ssoStart', { url: server.baseUrl });
      const res = await browserSignIn(loginUrl, server.byRole(400), 'not the password');
      expect(res.status).toBe(401);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('incorrect');
    } finally {
      await t.core.close();
    }
  });

  it('refuses a sign-in method the server does not offer', async () => {
    const t = await startCore(tempDir(), new MemoryCredentialStore());
    try {
      const r = await t.call('account:ssoStart', { url: server.baseUrl, method: 'no-such-method' });
      expect(r.ok ? null : r.error.code).toBe('INVALID_ARGUMENT');
    } finally {
      await t.core.close();
    }
  });
});

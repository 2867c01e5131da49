/**
 * The Electron entry routes zulip://login links from the OS (open-url on macOS, a second
 * instance's argv elsewhere) to account:ssoComplete, and the renderer learns the outcome as
 * account:ssoResult. Runs the real main bundle with the recording stand-in for `electron` (the
 * one boundary that cannot run here) and the real core against the dev server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, type IpcResult } from '../../../common/ipc/contract';
import { buildMain, PROJECT_ROOT } from '../../../scripts/build-main';
import { loadMainBundle } from '../../electron/load-bundle';
import { createFakeElectron } from '../../electron/fake-electron-module';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';

const outDir = join(PROJECT_ROOT, 'node_modules', '.cache', 'parley-sso-link-test');
const bundle = join(outDir, 'main', 'index.cjs');
const entryUrl = 'app://parley/index.html';
const fake = createFakeElectron({ appPath: PROJECT_ROOT, entryUrl, singleInstance: true });
const results: unknown[] = [];
let dataDir: string;
let server: RunningDevServer;

function loadMain(): void {
  loadMainBundle(bundle, fake.electron);
}

async function call<T>(name: string, args: unknown): Promise<T> {
  const r = (await fake.ipc.ipcRenderer.invoke(IPC_CALL_CHANNEL, name, args)) as IpcResult<T>;
  if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** Signs in on the dev server's login page the way the system browser would; the zulip:// link. */
async function browserRedirect(loginUrl: string): Promise<string> {
  const user = server.byRole(400);
  const otp = new URL(loginUrl).searchParams.get('mobile_flow_otp')!;
  const res = await fetch(new URL('/accounts/login/', loginUrl), {
    method: 'POST',
    body: new URLSearchParams({ mobile_flow_otp: otp, email: user.email, password: user.password }),
    redirect: 'manual',
  });
  return res.headers.get('location')!;
}

beforeAll(async () => {
  server = await startDevServer();
  await buildMain(outDir);
  dataDir = mkdtempSync(join(tmpdir(), 'parley-sso-link-'));
  process.env['PARLEY_DATA_DIR'] = dataDir;
  fake.ipc.ipcRenderer.on(IPC_EVENT_CHANNEL, (_event, name, payload) => {
    if (name === 'account:ssoResult') results.push(payload);
  });
  loadMain();
  await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 10_000 });
}, 60_000);

afterAll(async () => {
  fake.app.emit('will-quit', { preventDefault: () => undefined });
  await vi.waitFor(() => expect(fake.calls).toContain('quit'), { timeout: 10_000 });
  delete process.env['PARLEY_DATA_DIR'];
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
  await server?.stop();
});

describe('zulip:// links from the OS', () => {
  it('leaves the zulip scheme to installed builds: one run from source takes it from nobody', () => {
    // desktop-integration.test.ts covers the packaged build's registration.
    expect(fake.calls).not.toContain('protocol:zulip');
  });

  it('a link from open-url completes the browser sign-in; the renderer hears of it', async () => {
    const { loginUrl } = await call<{ loginUrl: string }>('account:ssoStart', { url: server.baseUrl });
    const link = await browserRedirect(loginUrl);
    let prevented = false;
    fake.app.emit('open-url', { preventDefault: () => (prevented = true) }, link);
    expect(prevented).toBe(true);
    await vi.waitFor(() => expect(results).toHaveLength(1), { timeout: 10_000 });
    expect(results[0]).toMatchObject({ ok: true, account: { userId: server.byRole(400).userId } });
    const state = await call<{ accounts: { userId: number }[] }>('app:state', {});
    expect(state.accounts.map((a) => a.userId)).toEqual([server.byRole(400).userId]);
  });

  it('a link in a second instance’s arguments is routed too; a stale one is refused with a reason', async () => {
    const { loginUrl } = await call<{ loginUrl: string }>('account:ssoStart', { url: server.baseUrl });
    // One flipped bit: the key no longer decrypts to letters and digits.
    const stale = (await browserRedirect(loginUrl)).replace(
      /otp_encrypted_api_key=([0-9a-f])/,
      (_m, digit: string) => `otp_encrypted_api_key=${(parseInt(digit, 16) ^ 8).toString(16)}`,
    );
    fake.app.emit('second-instance', {}, ['/opt/Parley/parley', '--some-flag', stale]);
    await vi.waitFor(() => expect(results).toHaveLength(2), { timeout: 10_000 });
    expect(results[1]).toMatchObject({ ok: false, error: { code: 'INVALID_SSO_REDIRECT' } });
  });
});

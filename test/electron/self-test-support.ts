/**
 * Shared by the --self-test files (each loads the main bundle once per process): `--self-test` as the release workflow runs it, here on the real main bundle with the stand-in
 * Electron and the real core against a dev server. The stand-in window plays the renderer's part
 * of the probe: on view:navigate it asks the core for the conversation's page through the IPC
 * bridge, as the real renderer does, and then "shows" that many rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../../common/ipc/contract';
import type { Narrow } from '../../common/model';
import { buildMain, PROJECT_ROOT } from '../../scripts/build-main';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { createFakeElectron } from './fake-electron-module';
import { loadMainBundle } from './load-bundle';

const outDir = join(PROJECT_ROOT, 'node_modules', '.cache', `parley-self-test-${process.pid}`);
const bundle = join(outDir, 'main', 'index.cjs');
// The page main serves the renderer as (main/shell/app-scheme.ts): the IPC bridge answers only it.
const entryUrl = 'app://parley/index.html';
export let server: RunningDevServer;
const dirs: string[] = [];

beforeAll(async () => {
  await buildMain(outDir);
  server = await startDevServer({ seed: 'demo' });
});
afterAll(async () => {
  await server?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

/** Runs the bundle with --self-test for `password`; resolves with the exit code and the lines printed. */
export async function selfTest(password: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-self-test-'));
  dirs.push(dataDir);
  const owner = server.byRole(100);
  Object.assign(process.env, {
    PARLEY_DATA_DIR: dataDir,
    PARLEY_SELF_TEST_URL: server.baseUrl,
    PARLEY_SELF_TEST_EMAIL: owner.email,
    PARLEY_SELF_TEST_PASSWORD: password,
    PARLEY_SELF_TEST_TIMEOUT: '20',
  });
  let rows = 0;
  const fake = createFakeElectron({
    appPath: PROJECT_ROOT,
    entryUrl,
    singleInstance: true,
    executeJavaScript: () => Promise.resolve(rows),
  });
  // The stand-in renderer: a navigation makes it load that conversation's page from the core.
  fake.ipc.ipcRenderer.on(
    IPC_EVENT_CHANNEL,
    (_e: unknown, name: string, payload: { accountId: string; narrow: Narrow }) => {
      if (name !== 'view:navigate') return;
      void fake.ipc.ipcRenderer
        .invoke(IPC_CALL_CHANNEL, 'messages:page', { ...payload, anchor: 'newest', before: 20, after: 0 })
        .then((r: { ok: boolean; value?: { messages: unknown[] } }) => (rows = r.value?.messages.length ?? 0));
    },
  );
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
  const argv = process.argv;
  process.argv = [...argv, '--self-test'];
  try {
    loadMainBundle(bundle, fake.electron);
    await vi.waitFor(
      () =>
        expect(
          fake.calls.some((c) => c.startsWith('exit:')),
          lines.join('\n'),
        ).toBe(true),
      { timeout: 40_000 },
    );
  } finally {
    process.argv = argv;
    log.mockRestore();
    error.mockRestore();
  }
  const exit = Number(fake.calls.find((c) => c.startsWith('exit:'))!.slice('exit:'.length));
  return { exit, lines, windows: fake.windows };
}

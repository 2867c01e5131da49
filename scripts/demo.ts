/**
 * `npm run demo` (after build:renderer): the whole app against the demo organization.
 *   1. starts the dev server (demo seed, port 9911, data kept in the demo folder),
 *   2. signs in as the demo owner through the core, like any sign-in (key to the keychain),
 *   3. opens Electron (downloading its binary on first use), else serves the app to a browser
 *      via the bridge host and prints one line: why Electron is not there, and the address.
 * Ctrl-C stops everything. Options: --data DIR (demo folder), --host-port N, --dev (rebuild the
 * renderer on change), --build (build the renderer first, quietly), --browser (serve to a browser
 * even where Electron is there), --server-port N (the dev server's; 0 picks a free one).
 * The terminal stays quiet: the last lines say where Parley is and how to sign in; if the dev
 * server stops, one line says so and it is started again (scripts/demo-devserver.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEV_CORE_THREAD_ENTRY, startCoreThread } from '../main/core-thread';
import { createLogger } from '../main/log';
import { startBridgeHost } from '../main/host/bridge-host';
import { prepareLaunchPage } from '../main/launch-picture/entry-page';
import { parsePortArg } from '../main/host/port-arg';
import { RENDERER_DIST } from '../main/host/renderer-dist';
import { defaultDataDir } from '../main/shell/data-dir';
import { startDevServer } from '../devserver/spawn';
import { SCHEMA_VERSION } from '../devserver/store/schema';
import { buildMain, PROJECT_ROOT } from './build-main';
import { buildRendererQuietly } from './demo-build';
import { superviseDevServer } from './demo-devserver';
import { readyLines } from './demo-lines';
import { ensureDemoSignIn } from './demo-sign-in';
import { locateElectronPackage } from './electron-binary';
import { ensureElectronBinary } from './electron-download';
import { currentHost, sandboxArgs } from './linux-sandbox';

const DEVSERVER_PORT = '9911';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    'host-port': { type: 'string' },
    'server-port': { type: 'string' },
    dev: { type: 'boolean' },
    build: { type: 'boolean' },
    browser: { type: 'boolean' },
    // Tests keep their keys under their own service name, and remove them afterwards.
    'keychain-service': { type: 'string' },
  },
  strict: true,
});
const demoDir = values.data ?? join(dirname(defaultDataDir()), 'Parley Demo');
const appDataDir = join(demoDir, 'app');
mkdirSync(appDataDir, { recursive: true });

/** `vite build --watch`, resolved once the first build is written. */
function watchRenderer(): Promise<ChildProcess> {
  const vite = spawn(
    process.execPath,
    [join(PROJECT_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--watch', '--config', 'renderer/vite.config.ts'],
    {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    vite.stdout?.setEncoding('utf8').on('data', (text: string) => {
      if (/built in/.test(text)) resolve(vite);
    });
    vite.once('exit', (code) => reject(new Error(`The renderer build stopped (exit code ${code}).`)));
  });
}

const cleanups: (() => Promise<void> | void)[] = [];
let stopping = false;
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  if (values.dev) {
    const vite = await watchRenderer();
    cleanups.push(() => void vite.kill('SIGTERM'));
  } else if (values.build) {
    await buildRendererQuietly();
  }
  const supervised = await superviseDevServer({
    start: startDevServer,
    options: {
      seed: 'demo',
      // The file name carries the schema version, so a demo folder from an older dev server is reseeded, not refused.
      dataFile: join(demoDir, `devserver-v${SCHEMA_VERSION}.sqlite`),
      // The people the demo shows online keep reporting, so they stay online while it runs.
      args: ['--port', values['server-port'] ?? DEVSERVER_PORT, '--demo-activity'],
    },
    say: (line) => console.error(line),
    giveUp: () => void stopAll(1),
  });
  cleanups.push(() => supervised.stop());
  const server = supervised.current();

  // The same core as Electron's: on its own worker thread, off the thread that serves the bridge.
  // Its log is kept to errors here: a demo's terminal is for the person trying it (PARLEY_LOG_LEVEL shows more).
  const core = await startCoreThread(
    {
      dataDir: appDataDir,
      log: process.env['PARLEY_LOG_LEVEL'] ? { name: 'core' } : { name: 'core', level: 'error' },
      ...(values['keychain-service'] ? { keychainService: values['keychain-service'] } : {}),
    },
    { entry: DEV_CORE_THREAD_ENTRY, log: createLogger({ name: 'demo', level: 'error' }) },
  );
  let coreOpen = true;
  cleanups.push(() => (coreOpen ? core.close() : undefined));
  const owner = server.byRole(100);
  await ensureDemoSignIn(core, {
    url: server.baseUrl,
    email: owner.email,
    password: owner.password,
  });
  const signIn = { server, email: owner.email, password: owner.password };

  const electronPackage = values.browser ? null : locateElectronPackage();
  const found =
    electronPackage === null
      ? { reason: values.browser ? 'Browser chosen (--browser)' : 'the electron package is not installed' }
      : await ensureElectronBinary({ packageDir: electronPackage });
  if ('binary' in found) {
    const electron = found.binary;
    await buildMain();
    // Electron opens the same data folder with its own core.
    await core.close();
    coreOpen = false;
    const { args, notice } = sandboxArgs(currentHost(electron), [PROJECT_ROOT]);
    if (notice) console.error(notice);
    const app = spawn(electron, args, {
      stdio: 'inherit',
      env: { ...process.env, PARLEY_DATA_DIR: appDataDir },
    });
    cleanups.push(() => void app.kill('SIGTERM'));
    app.once('exit', (code) => void stopAll(code ?? 0));
    for (const line of readyLines({ ...signIn, where: 'the Parley window' })) console.log(line);
  } else {
    const port = parsePortArg(values['host-port'], '--host-port');
    const launchPage = prepareLaunchPage(RENDERER_DIST, appDataDir);
    const host = await startBridgeHost({ core, rendererDir: RENDERER_DIST, port, launchPage });
    cleanups.push(() => host.close());
    console.log(`${found.reason}; Parley runs in your browser instead.`);
    for (const line of readyLines({ ...signIn, where: host.url })) console.log(line);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  await stopAll(1);
}

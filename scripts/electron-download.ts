/**
 * Downloads Electron's binary the first time `npm start` or `npm run demo` needs it. The electron
 * npm package has no install script any more: its binary arrives on the first `require('electron')`
 * or `npx install-electron`. Both block without a bound and print a stack trace when offline, so
 * here @electron/get (the package's own downloader: ELECTRON_MIRROR, electron_config_cache and
 * the checksums behave as for the package) fetches the zip with a progress line and gives up when
 * no byte arrives for `stallMs`; the package's own install.js then unpacks it from the cache
 * (it finds the zip there and downloads nothing) and writes path.txt.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describeNetworkFailure, findFailureCode } from '../main/api/network';
import { electronBinary } from './electron-binary';

export interface ElectronDownload {
  /** The electron package folder (node_modules/electron). */
  packageDir: string;
  /** Give up when no byte has arrived for this long (connecting included). */
  stallMs?: number;
  /** Where the progress line goes. */
  progress?: NodeJS.WriteStream;
}

export type DownloadResult = { binary: string } | { reason: string };

interface Progress {
  percent: number;
}
type DownloadArtifact = (details: Record<string, unknown>) => Promise<string>;

/** Electron's binary, downloaded first when missing; or why it could not be had, in words. */
export async function ensureElectronBinary(options: ElectronDownload): Promise<DownloadResult> {
  // @electron/get reads ELECTRON_MIRROR, electron_config_cache etc. from process.env itself.
  const env = process.env;
  const present = electronBinary(options.packageDir, env);
  if (present !== null) return { binary: present };
  const version = (createRequire(join(options.packageDir, 'package.json'))('./package.json') as { version: string })
    .version;
  const out = options.progress ?? process.stderr;
  try {
    await downloadZip(options.packageDir, version, env, options.stallMs ?? 20_000, out);
    await unpack(options.packageDir, env);
  } catch (error) {
    return { reason: `Electron ${version} could not be downloaded: ${describe(error)}` };
  }
  const binary = electronBinary(options.packageDir, env);
  return binary === null ? { reason: `Electron ${version} was downloaded but its binary is missing` } : { binary };
}

async function downloadZip(
  packageDir: string,
  version: string,
  env: NodeJS.ProcessEnv,
  stallMs: number,
  out: NodeJS.WriteStream,
): Promise<void> {
  const { downloadArtifact } = (await import(resolveElectronGet(packageDir))) as { downloadArtifact: DownloadArtifact };
  const abort = new AbortController();
  let stall = setTimeout(() => abort.abort(new Error(`no answer in ${stallMs / 1000} s`)), stallMs);
  const keepAlive = () => {
    clearTimeout(stall);
    stall = setTimeout(() => abort.abort(new Error(`the download stalled for ${stallMs / 1000} s`)), stallMs);
  };
  let shown = -1;
  out.write(`Downloading Electron ${version} (once, about 100 MB)…`);
  try {
    await downloadArtifact({
      version,
      artifactName: 'electron',
      platform: env['ELECTRON_INSTALL_PLATFORM'] ?? process.platform,
      arch: env['ELECTRON_INSTALL_ARCH'] ?? process.arch,
      cacheRoot: env['electron_config_cache'],
      checksums: env['electron_use_remote_checksums']
        ? undefined
        : (createRequire(join(packageDir, 'package.json'))('./checksums.json') as Record<string, string>),
      downloadOptions: {
        quiet: true,
        signal: abort.signal,
        getProgressCallback: ({ percent }: Progress) => {
          keepAlive();
          const step = Math.floor(percent * 10);
          // A terminal gets one line updated in place; a log gets a tick per tenth.
          if (out.isTTY)
            out.write(`\rDownloading Electron ${version} (once, about 100 MB)… ${Math.round(percent * 100)}%`);
          else if (step > shown) out.write(` ${step * 10}%`);
          shown = step;
        },
      },
    });
    out.write('\n');
  } catch (error) {
    // On a terminal the failed progress line is wiped: the caller's one line says what happened.
    out.write(out.isTTY ? '\r\x1b[2K' : '\n');
    throw error;
  } finally {
    clearTimeout(stall);
  }
}

/** Runs the electron package's own installer, which takes the zip from the cache and unpacks it. */
function unpack(packageDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(packageDir, 'install.js')], {
      env: { ...env, ELECTRON_GET_NO_PROGRESS: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
      // Unpacking takes seconds; it downloads only where it picks another arch (Rosetta).
      timeout: 600_000,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(firstLine(stderr) || `its installer stopped (${signal ?? `exit code ${code}`})`));
    });
  });
}

function resolveElectronGet(packageDir: string): string {
  try {
    return createRequire(join(packageDir, 'package.json')).resolve('@electron/get');
  } catch {
    return createRequire(import.meta.url).resolve('@electron/get');
  }
}

/** One line: a network failure in words (as the app says them), else the error's own first line. */
function describe(error: unknown): string {
  if (findFailureCode(error) !== null) return describeNetworkFailure(error);
  return firstLine(error instanceof Error ? error.message : String(error));
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.trim() ?? '';
}

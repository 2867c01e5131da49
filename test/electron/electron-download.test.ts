/**
 * The first-use download of Electron's binary against a stand-in release mirror on 127.0.0.1
 * (ELECTRON_MIRROR, as a user behind a mirror sets it): the real @electron/get fetches and checks
 * the zip, the electron package's real install.js unpacks it into a copy of the package.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../../scripts/build-main';
import { ensureElectronBinary } from '../../scripts/electron-download';

const version = (
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const zipName = `electron-v${version}-${process.platform}-${process.arch}.zip`;
const executable = process.platform === 'win32' ? 'electron.exe' : 'electron';

let work: string;
let packageDir: string;
let server: Server | undefined;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'parley-electron-download-'));
  packageDir = join(work, 'node_modules', 'electron');
  mkdirSync(packageDir, { recursive: true });
  for (const file of ['package.json', 'install.js', 'checksums.json', 'index.js']) {
    copyFileSync(join(PROJECT_ROOT, 'node_modules/electron', file), join(packageDir, file));
  }
  // The copy's install.js finds @electron/get in the project, like the real package would beside it.
  vi.stubEnv('NODE_PATH', join(PROJECT_ROOT, 'node_modules'));
  vi.stubEnv('electron_config_cache', join(work, 'cache'));
  vi.stubEnv('electron_use_remote_checksums', '1');
});

afterEach(async () => {
  vi.unstubAllEnvs();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  rmSync(work, { recursive: true, force: true });
});

function standInZip(): Buffer {
  const dir = join(work, 'zip');
  mkdirSync(dir);
  writeFileSync(join(dir, executable), '#!/bin/sh\necho stand-in Electron\n', { mode: 0o755 });
  writeFileSync(join(dir, 'version'), `v${version}`);
  const zip = join(work, zipName);
  execFileSync('python3', ['-m', 'zipfile', '-c', zip, join(dir, executable), join(dir, 'version')]);
  return readFileSync(zip);
}

async function mirror(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
}

function sink(): { stream: NodeJS.WriteStream; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  return { stream, text: () => text };
}

it('downloads the binary on first use with a progress line, then finds it without downloading again', async () => {
  const zip = standInZip();
  const requests: string[] = [];
  const base = await mirror((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === `/v${version}/${zipName}`) return void res.end(zip);
    if (req.url === `/v${version}/SHASUMS256.txt`) {
      return void res.end(`${createHash('sha256').update(zip).digest('hex')} *${zipName}\n`);
    }
    res.writeHead(404).end();
  });
  vi.stubEnv('ELECTRON_MIRROR', base);
  const progress = sink();
  const result = await ensureElectronBinary({ packageDir, progress: progress.stream });
  expect(result).toEqual({ binary: join(packageDir, 'dist', executable) });
  expect(readFileSync(join(packageDir, 'dist', executable), 'utf8')).toContain('stand-in Electron');
  expect(readFileSync(join(packageDir, 'path.txt'), 'utf8')).toBe(executable);
  expect(progress.text()).toMatch(new RegExp(`^Downloading Electron ${version} .*100%\\n$`));
  expect(requests.filter((url) => url.endsWith('.zip'))).toHaveLength(1);

  const again = await ensureElectronBinary({ packageDir, progress: sink().stream });
  expect(again).toEqual(result);
  expect(requests.filter((url) => url.endsWith('.zip'))).toHaveLength(1);
});

it('refuses a zip whose checksum does not match, in one line, and installs nothing', async () => {
  const zip = standInZip();
  const base = await mirror((req, res) => {
    if (req.url?.endsWith('.zip')) return void res.end(zip);
    res.end(`${'0'.repeat(64)} *${zipName}\n`);
  });
  vi.stubEnv('ELECTRON_MIRROR', base);
  const result = await ensureElectronBinary({ packageDir, progress: sink().stream });
  expect(result).toMatchObject({ reason: expect.stringMatching(/^Electron .* could not be downloaded: .+$/) });
  expect('reason' in result && result.reason).not.toContain('\n');
  expect(existsSync(join(packageDir, 'path.txt'))).toBe(false);
});

it('gives up on a mirror that never answers instead of hanging, and says why', async () => {
  const base = await mirror(() => undefined);
  vi.stubEnv('ELECTRON_MIRROR', base);
  const result = await ensureElectronBinary({ packageDir, stallMs: 300, progress: sink().stream });
  expect(result).toEqual({ reason: `Electron ${version} could not be downloaded: no answer in 0.3 s` });
});

it('says why in one line when the network is closed', async () => {
  // A port that was just free: nothing listens there.
  const closed = await mirror(() => undefined);
  await new Promise<void>((resolve) => server!.close(() => resolve()));
  server = undefined;
  vi.stubEnv('ELECTRON_MIRROR', closed);
  const result = await ensureElectronBinary({ packageDir, progress: sink().stream });
  expect(result).toMatchObject({
    reason: expect.stringMatching(/could not be downloaded: the connection was refused \(ECONNREFUSED\)$/),
  });
});

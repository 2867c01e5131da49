/** The two macOS builds' update feeds become one that electron-updater reads for either arch. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { PROJECT_ROOT } from '../../scripts/build-main';
import { mergeMacFeeds } from '../../scripts/merge-mac-feeds';

const file = (url: string, sha512 = `sha-of-${url}`) => ({ url, sha512, size: 100 });
const arm = {
  version: '0.2.0',
  files: [file('Parley-0.2.0-arm64-mac.zip'), file('Parley-0.2.0-arm64.dmg')],
  path: 'Parley-0.2.0-arm64-mac.zip',
  sha512: 'sha-of-Parley-0.2.0-arm64-mac.zip',
  releaseDate: '2026-11-27T10:00:00.000Z',
};
const intel = {
  version: '0.2.0',
  files: [file('Parley-0.2.0-mac.zip'), file('Parley-0.2.0.dmg')],
  path: 'Parley-0.2.0-mac.zip',
  sha512: 'sha-of-Parley-0.2.0-mac.zip',
  releaseDate: '2026-11-27T10:05:00.000Z',
};

/** What electron-updater's MacUpdater keeps for a Mac of each arch (its filterFilesForArch rule). */
const forArch = (files: { url: string }[], arm64: boolean) => files.filter((f) => f.url.includes('arm64') === arm64);

describe('merging the macOS update feeds', () => {
  it('lists both arches, so each Mac finds its own zip, with the Intel one for arch-blind updaters', () => {
    const merged = mergeMacFeeds([arm, intel]);
    expect(forArch(merged.files, true).map((f) => f.url)).toEqual([
      'Parley-0.2.0-arm64-mac.zip',
      'Parley-0.2.0-arm64.dmg',
    ]);
    expect(forArch(merged.files, false).map((f) => f.url)).toEqual(['Parley-0.2.0-mac.zip', 'Parley-0.2.0.dmg']);
    expect(merged).toMatchObject({
      version: '0.2.0',
      path: intel.path,
      sha512: intel.sha512,
      releaseDate: intel.releaseDate,
    });
  });

  it('refuses builds of different versions, or two different files of one name', () => {
    expect(() => mergeMacFeeds([arm, { ...intel, version: '0.1.9' }])).toThrow('disagree on the version: 0.2.0, 0.1.9');
    expect(() => mergeMacFeeds([arm, { ...intel, files: [file('Parley-0.2.0-arm64.dmg', 'other')] }])).toThrow(
      'Two different files are named Parley-0.2.0-arm64.dmg',
    );
  });

  it('runs as the release workflow calls it: files in, one feed out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-feeds-'));
    try {
      writeFileSync(join(dir, 'a.yml'), stringify(arm));
      writeFileSync(join(dir, 'b.yml'), stringify(intel));
      const { stdout } = await promisify(execFile)(process.execPath, [
        join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'),
        join(PROJECT_ROOT, 'scripts/merge-mac-feeds.ts'),
        join(dir, 'a.yml'),
        join(dir, 'b.yml'),
      ]);
      expect(parse(stdout)).toEqual(mergeMacFeeds([arm, intel]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

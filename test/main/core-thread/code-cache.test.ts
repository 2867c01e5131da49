/**
 * The core's bundle is loaded with V8's code cache (main/core-thread/code-cache.ts): written after
 * a first load, used by the next, refused and rewritten when it does not fit, one file per bundle.
 * Real files in a temp folder and V8's own checks; a small CommonJS module stands in for the bundle.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadWithCodeCache } from '../../../main/core-thread/code-cache';
import { tempDir } from '../store/fixtures';

/** A module that uses what Node's loader gives a CommonJS module, and enough code to be worth caching. */
function writeModule(dir: string, version: string): string {
  const file = join(dir, 'bundle.cjs');
  const functions = Array.from({ length: 50 }, (_, i) => `function f${i}(x) { return x * ${i} + ${version.length}; }`);
  writeFileSync(
    file,
    `'use strict';
const { basename } = require('node:path');
${functions.join('\n')}
module.exports = { version: ${JSON.stringify(version)}, name: basename(__filename), dir: __dirname, sum: f49(2) };
`,
  );
  return file;
}

const cacheFiles = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir) : []);
const WRITE = { writeAfterMs: 10 };

async function written(dir: string): Promise<string> {
  await vi.waitFor(() => expect(cacheFiles(dir).filter((f) => f.endsWith('.v8cache'))).toHaveLength(1));
  return cacheFiles(dir).find((f) => f.endsWith('.v8cache'))!;
}

describe('loading the core with V8 code cache', () => {
  it('runs the module as Node would, writes a cache, and the next load uses it', async () => {
    const root = tempDir();
    const file = writeModule(root, 'one');
    const cache = join(root, 'code-cache');
    const first = loadWithCodeCache(file, { dir: cache, ...WRITE });
    expect(first.status).toBe('absent');
    expect(first.exports).toEqual({ version: 'one', name: 'bundle.cjs', dir: root, sum: 2 * 49 + 'one'.length });
    const name = await written(cache);
    const bytes = readFileSync(join(cache, name));

    const second = loadWithCodeCache(file, { dir: cache, ...WRITE });
    expect(second.status).toBe('accepted');
    expect(second.exports).toEqual(first.exports);
    // Used as it was: not written again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readFileSync(join(cache, name)).equals(bytes)).toBe(true);
  });

  it('does not hand V8 a damaged cache: runs from source and writes a good one', async () => {
    const root = tempDir();
    const file = writeModule(root, 'two');
    const cache = join(root, 'code-cache');
    loadWithCodeCache(file, { dir: cache, ...WRITE });
    const name = await written(cache);
    // One byte changed: V8 would not notice (it checks the source, not its own data).
    const bytes = readFileSync(join(cache, name));
    bytes[bytes.length >> 1]! ^= 0xff;
    writeFileSync(join(cache, name), bytes);

    const damaged = loadWithCodeCache(file, { dir: cache, ...WRITE });
    expect(damaged.status).toBe('rejected');
    expect(damaged.exports).toMatchObject({ version: 'two', sum: 2 * 49 + 'two'.length });
    await vi.waitFor(() => expect(readFileSync(join(cache, name)).equals(bytes)).toBe(false));
    expect(loadWithCodeCache(file, { dir: cache, ...WRITE }).status).toBe('accepted');
  });

  it("does not use a cache made for other source, even under this source's name", async () => {
    const root = tempDir();
    const cache = join(root, 'code-cache');
    const file = writeModule(root, 'four');
    loadWithCodeCache(file, { dir: cache, ...WRITE });
    const name = await written(cache);
    // V8 would take it: it compares only the source's length ('four' and 'five' have the same).
    const moved = join(root, 'elsewhere');
    mkdirSync(moved);
    const other = writeModule(moved, 'five');
    const otherCache = join(moved, 'code-cache');
    loadWithCodeCache(other, { dir: otherCache, ...WRITE });
    const otherName = await written(otherCache);
    writeFileSync(join(otherCache, otherName), readFileSync(join(cache, name)));
    const refused = loadWithCodeCache(other, { dir: otherCache, ...WRITE });
    expect(refused.status).toBe('rejected');
    expect(refused.exports).toMatchObject({ version: 'five' });
  });

  it('keeps one file per bundle: a new release writes its own and removes the old one', async () => {
    const root = tempDir();
    const cache = join(root, 'code-cache');
    loadWithCodeCache(writeModule(root, 'old release'), { dir: cache, ...WRITE });
    const old = await written(cache);

    const update = loadWithCodeCache(writeModule(root, 'new release'), { dir: cache, ...WRITE });
    expect(update.status).toBe('absent');
    expect(update.exports).toMatchObject({ version: 'new release' });
    await vi.waitFor(() => expect(cacheFiles(cache)).not.toContain(old));
    expect(cacheFiles(cache).filter((f) => f.endsWith('.v8cache'))).toHaveLength(1);
  });

  it('still loads when the cache cannot be written (the folder is a file)', async () => {
    const root = tempDir();
    const file = writeModule(root, 'three');
    mkdirSync(join(root, 'blocked'));
    const cache = join(root, 'blocked', 'code-cache');
    writeFileSync(cache, 'a file where the folder would go');
    const loaded = loadWithCodeCache(file, { dir: cache, ...WRITE });
    expect(loaded.exports).toMatchObject({ version: 'three' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readFileSync(cache, 'utf8')).toBe('a file where the folder would go');
  });
});

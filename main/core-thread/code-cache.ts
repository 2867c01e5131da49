/**
 * Loads a CommonJS bundle with V8's code cache. Every launch compiled the core's 0.86 MB bundle
 * from source on its new thread, and then each function again the first time it ran (reading the
 * first page among them): measured on a warm folder, the thread was up in 208-219 ms with the cache
 * and 252-274 ms without, and a first read of another conversation took 55-64 ms instead of
 * 75-85 ms. Node's own compile cache (module.enableCompileCache) needs Node 22; this works on the
 * Node the tests run on as well as in Electron.
 *
 * The cache is written once the thread has done its start-up work (so it holds the functions that
 * ran, not only the top level), under a name made of the bundle's hash and V8's version: a new
 * release or a new Electron gets a file of its own, and the old ones are removed. V8's own checks
 * are weak: it compares the source's length, not its text, and not the cache's bytes (measured: a
 * cache of other source of the same length was accepted, and a damaged one too). So each file starts
 * with the SHA-256 of its name (the bundle's hash) and its data, and one that does not match is
 * never given to V8. Anything going wrong here costs only the time the cache would have saved.
 * Like Chromium's code cache and Node's compile cache, it lives in the user's own data folder.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, wrap } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

export interface CodeCacheOptions {
  /** Where cache files live (the app's data folder, `code-cache/`). */
  dir: string;
  /** How long after loading the cache is written, when there was none or V8 refused it. */
  writeAfterMs: number;
}

/** What became of the cache: used, refused (damaged, or by V8) and rewritten, or absent and written. */
export type CodeCacheStatus = 'accepted' | 'rejected' | 'absent';

const PREFIX = 'bundle-';

function cacheName(source: string): string {
  const hash = createHash('sha256').update(source).update(process.versions.v8).update(process.arch);
  return `${PREFIX}${hash.digest('hex').slice(0, 24)}.v8cache`;
}

const HASH_BYTES = 32;
/** Binds the data to the name, which is made from the bundle's hash: a file is good only for its bundle. */
const seal = (name: string, data: Uint8Array): Buffer => createHash('sha256').update(name).update(data).digest();

/** The cache `name` in `dir`: absent, damaged (its seal does not match), or V8's data. */
function readCache(dir: string, name: string): Buffer | 'absent' | 'damaged' {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(dir, name));
  } catch {
    return 'absent';
  }
  const data = bytes.subarray(HASH_BYTES);
  return bytes.length > HASH_BYTES && seal(name, data).equals(bytes.subarray(0, HASH_BYTES)) ? data : 'damaged';
}

/** Writes the cache beside the others, whole or not at all, and removes the files of other bundles. */
function writeCache(dir: string, name: string, data: Buffer): void {
  try {
    mkdirSync(dir, { recursive: true });
    const temporary = join(dir, `${name}.${process.pid}.tmp`);
    writeFileSync(temporary, Buffer.concat([seal(name, data), data]));
    renameSync(temporary, join(dir, name));
    for (const other of readdirSync(dir)) {
      if (other.startsWith(PREFIX) && other !== name) rmSync(join(dir, other), { force: true });
    }
  } catch {
    // A read-only or full disk: the next launch compiles from source, as without a cache.
  }
}

/**
 * Runs `file` (a CommonJS module) as Node's loader would, compiled with the cache when one fits;
 * returns what became of the cache and the module's exports.
 */
export function loadWithCodeCache(
  file: string,
  options: CodeCacheOptions,
): { status: CodeCacheStatus; exports: unknown } {
  const source = readFileSync(file, 'utf8');
  const name = cacheName(source);
  const cache = readCache(options.dir, name);
  const cachedData = typeof cache === 'string' ? undefined : cache;
  const script = new Script(wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const status: CodeCacheStatus =
    cache === 'absent' ? 'absent' : cache === 'damaged' || script.cachedDataRejected ? 'rejected' : 'accepted';
  const module = { exports: {} as unknown, filename: file };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  if (status !== 'accepted') {
    setTimeout(() => writeCache(options.dir, name, script.createCachedData()), options.writeAfterMs).unref();
  }
  return { status, exports: module.exports };
}

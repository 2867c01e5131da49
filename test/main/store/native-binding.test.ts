/**
 * Which better-sqlite3 addon a process loads: the Node build under Node; under Electron the build
 * in native/electron/ stamped with that Electron version, or a one-line error naming the fix.
 * The chosen file really is what SQLite opens with (a copy of the Node build stands in for an
 * Electron one, since Electron's headers cannot be downloaded here).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/store/db';
import {
  BINDING_FILE,
  BINDING_STAMP,
  ELECTRON_BINDING_DIR,
  NativeModuleError,
  chooseSqliteBinding,
  useSqliteBinding,
} from '../../../main/store/native-binding';
import { tempDir } from './fixtures';

const nodeBuild = join(
  dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'build/Release/better_sqlite3.node',
);

function context(appRoot: string, over: Partial<Parameters<typeof chooseSqliteBinding>[0]> = {}) {
  return {
    electronVersion: '45.4.1' as string | undefined,
    packaged: false,
    appRoot,
    env: {},
    exists: existsSync,
    readText: (f: string) => readFileSync(f, 'utf8'),
    ...over,
  };
}

/** An app root with an "Electron build" (a copy of the Node one) stamped for `version`. */
function withElectronBuild(root: string, version: string): string {
  const dir = join(root, ELECTRON_BINDING_DIR);
  mkdirSync(dir, { recursive: true });
  copyFileSync(nodeBuild, join(dir, BINDING_FILE));
  writeFileSync(join(dir, BINDING_STAMP), JSON.stringify({ electron: version }));
  return join(dir, BINDING_FILE);
}

afterEach(() => useSqliteBinding(undefined));

describe('chooseSqliteBinding', () => {
  it("leaves Node's own build alone under Node", () => {
    expect(chooseSqliteBinding(context(tempDir(), { electronVersion: undefined }))).toBeUndefined();
  });

  it('picks native/electron when it was built for this Electron', () => {
    const root = tempDir();
    const file = withElectronBuild(root, '45.4.1');
    expect(chooseSqliteBinding(context(root))).toBe(file);
  });

  it('says in one line what to run when the Electron build is missing or for another Electron', () => {
    const root = tempDir();
    const missing = (() => {
      try {
        chooseSqliteBinding(context(root));
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(missing).toBeInstanceOf(NativeModuleError);
    expect((missing as Error).message).toMatch(/no SQLite module built for Electron.*npm run rebuild:electron/);
    expect((missing as Error).message).not.toContain('\n');
    withElectronBuild(root, '44.0.0');
    expect(() => chooseSqliteBinding(context(root))).toThrow(
      /built for Electron 44\.0\.0, but runs on Electron 45\.4\.1/,
    );
  });

  it('in a release, uses the unpacked native/electron build, else the rebuilt node_modules one', () => {
    const root = tempDir();
    const asar = join(root, 'app.asar');
    expect(chooseSqliteBinding(context(asar, { packaged: true }))).toBeUndefined();
    const file = withElectronBuild(`${asar}.unpacked`, '45.4.1');
    expect(chooseSqliteBinding(context(asar, { packaged: true }))).toBe(file);
  });

  it('honours PARLEY_SQLITE_BINDING, and refuses one that does not exist', () => {
    expect(chooseSqliteBinding(context(tempDir(), { env: { PARLEY_SQLITE_BINDING: nodeBuild } }))).toBe(nodeBuild);
    expect(() => chooseSqliteBinding(context(tempDir(), { env: { PARLEY_SQLITE_BINDING: '/no/such.node' } }))).toThrow(
      NativeModuleError,
    );
  });
});

describe('the chosen addon is the one SQLite loads', () => {
  it('opens databases through the chosen file', () => {
    const root = tempDir();
    useSqliteBinding(withElectronBuild(root, '45.4.1'));
    const db = openDatabase(join(tempDir(), 'a.sqlite'), { migrations: [], recoverCorrupt: false });
    expect(db.prepare('SELECT 1 + 1 AS two').get()).toEqual({ two: 2 });
    db.close();
  });

  it('fails to open when the chosen file is not a loadable addon (it really is used)', () => {
    const bogus = join(tempDir(), BINDING_FILE);
    writeFileSync(bogus, 'not an addon');
    useSqliteBinding(bogus);
    expect(() => openDatabase(join(tempDir(), 'b.sqlite'), { migrations: [], recoverCorrupt: false })).toThrow();
  });
});

/**
 * Which compiled better-sqlite3 the process loads. Its addon is built for one runtime ABI: `npm ci`
 * builds it for Node (the tests, the bridge host), while Electron needs a build for its own ABI.
 * Release builds get one from electron-builder's rebuild (node_modules itself); `npm start`
 * uses the one `npm run rebuild:electron` puts in native/electron/ (a separate folder, so the
 * Node build the tests need is never replaced). keytar is an N-API addon, the same binary for
 * both runtimes, so only SQLite needs this.
 */
import { join } from 'node:path';

/** Where the Electron build lives, relative to the app root (also unpacked from app.asar). */
export const ELECTRON_BINDING_DIR = join('native', 'electron');
export const BINDING_FILE = 'better_sqlite3.node';
/** Written beside the addon: which Electron it was built for. */
export const BINDING_STAMP = 'build.json';

export class NativeModuleError extends Error {
  override readonly name = 'NativeModuleError';
}

export interface BindingContext {
  /** process.versions.electron, or undefined under plain Node. */
  electronVersion: string | undefined;
  packaged: boolean;
  /** The app root (the project in development, app.asar when packaged). */
  appRoot: string;
  env: NodeJS.ProcessEnv;
  exists: (path: string) => boolean;
  readText: (path: string) => string;
}

/** The stamp's Electron version, or null when there is no readable stamp. */
function stampedVersion(ctx: BindingContext, dir: string): string | null {
  const file = join(dir, BINDING_STAMP);
  if (!ctx.exists(file)) return null;
  try {
    const v = (JSON.parse(ctx.readText(file)) as { electron?: unknown }).electron;
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

/**
 * The addon file to pass as better-sqlite3's `nativeBinding`, or undefined for its default (the
 * Node build under Node; the electron-builder-rebuilt one in a release without native/electron).
 * Throws NativeModuleError with a one-line, actionable message when Electron would get a build
 * for the wrong ABI.
 */
export function chooseSqliteBinding(ctx: BindingContext): string | undefined {
  const override = ctx.env['PARLEY_SQLITE_BINDING'];
  if (override) {
    if (!ctx.exists(override))
      throw new NativeModuleError(`PARLEY_SQLITE_BINDING names ${override}, which does not exist.`);
    return override;
  }
  if (ctx.electronVersion === undefined) return undefined;
  // app.asar cannot hold a loadable addon: electron-builder unpacks native/ beside it.
  const root = ctx.packaged ? `${ctx.appRoot}.unpacked` : ctx.appRoot;
  const dir = join(root, ELECTRON_BINDING_DIR);
  const file = join(dir, BINDING_FILE);
  const built = ctx.exists(file) ? stampedVersion(ctx, dir) : null;
  if (built === ctx.electronVersion) return file;
  if (ctx.packaged && !ctx.exists(file)) return undefined;
  const found = built === null ? 'no SQLite module built for Electron' : `a SQLite module built for Electron ${built}`;
  throw new NativeModuleError(
    `Parley found ${found}, but runs on Electron ${ctx.electronVersion}: run "npm run rebuild:electron" (it needs internet access for Electron's headers).`,
  );
}

let chosen: string | undefined;

/** Sets the addon every database of this process (and its checkpointer workers) opens with. */
export function useSqliteBinding(file: string | undefined): void {
  chosen = file;
}

/** better-sqlite3's constructor options for the chosen addon. */
export function sqliteOpenOptions(): { nativeBinding?: string } {
  return chosen ? { nativeBinding: chosen } : {};
}

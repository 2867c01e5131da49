/**
 * Chromium's sandbox cannot start for root, nor in most containers (no user namespaces), and
 * Electron then dies with a FATAL line that names no fix. Parley says so first and adds
 * --no-sandbox only there; everywhere else the renderer sandbox stays on.
 */
import { existsSync } from 'node:fs';

export interface SandboxHost {
  platform: NodeJS.Platform;
  /** process.getuid?.(), undefined on Windows. */
  uid: number | undefined;
  /** /.dockerenv or /run/.containerenv exists, or container= is set (systemd-nspawn, podman). */
  inContainer: boolean;
}

export function currentHost(): SandboxHost {
  return {
    platform: process.platform,
    uid: process.getuid?.(),
    inContainer: existsSync('/.dockerenv') || existsSync('/run/.containerenv') || Boolean(process.env['container']),
  };
}

/** Why Chromium's sandbox cannot run here, or null where it can (and must stay on). */
export function sandboxBlocker(host: SandboxHost): string | null {
  if (host.platform !== 'linux') return null;
  if (host.uid === 0) return 'running as root';
  if (host.inContainer) return 'running in a container';
  return null;
}

/** The Electron arguments for this host and the one line that explains an added --no-sandbox. */
export function sandboxArgs(host: SandboxHost, argv: readonly string[]): { args: string[]; notice: string | null } {
  const blocker = sandboxBlocker(host);
  if (blocker === null || argv.includes('--no-sandbox')) return { args: [...argv], notice: null };
  return {
    args: [...argv, '--no-sandbox'],
    notice: `Parley is ${blocker}, where Chromium's sandbox cannot start: starting Electron with --no-sandbox (run it as a normal user outside a container to keep the sandbox).`,
  };
}

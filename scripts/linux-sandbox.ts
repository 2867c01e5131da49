/**
 * Chromium's sandbox cannot start for root, nor in most containers (no user namespaces), nor on
 * Ubuntu 23.10+ (AppArmor forbids unprivileged user namespaces to programs without a profile)
 * unless chrome-sandbox is setuid root, and Electron then dies with a FATAL line that names no
 * fix. Parley says so first and adds --no-sandbox only there; everywhere else the renderer
 * sandbox stays on.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface SandboxHost {
  platform: NodeJS.Platform;
  /** process.getuid?.(), undefined on Windows. */
  uid: number | undefined;
  /** /.dockerenv or /run/.containerenv exists, or container= is set (systemd-nspawn, podman). */
  inContainer: boolean;
  /** kernel.apparmor_restrict_unprivileged_userns is 1 (Ubuntu 23.10+, GitHub's ubuntu-24.04). */
  userNamespacesRestricted?: boolean;
  /** The chrome-sandbox beside Electron is owned by root with the setuid bit: it needs no namespaces. */
  setuidHelper?: { path: string; ready: boolean };
}

/** This machine, for the Electron binary about to be started. */
export function currentHost(electronBinary: string): SandboxHost {
  const helper = join(dirname(electronBinary), 'chrome-sandbox');
  return {
    platform: process.platform,
    uid: process.getuid?.(),
    inContainer: existsSync('/.dockerenv') || existsSync('/run/.containerenv') || Boolean(process.env['container']),
    userNamespacesRestricted: readText('/proc/sys/kernel/apparmor_restrict_unprivileged_userns') === '1',
    setuidHelper: { path: helper, ready: isSetuidRoot(helper) },
  };
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

function isSetuidRoot(file: string): boolean {
  try {
    const stat = statSync(file);
    return stat.uid === 0 && (stat.mode & 0o4000) !== 0;
  } catch {
    return false;
  }
}

/** Why Chromium's sandbox cannot run here, or null where it can (and must stay on). */
export function sandboxBlocker(host: SandboxHost): string | null {
  if (host.platform !== 'linux') return null;
  if (host.uid === 0) return 'running as root';
  if (host.inContainer) return 'running in a container';
  if (host.userNamespacesRestricted && !host.setuidHelper?.ready) {
    return "on a system whose AppArmor forbids unprivileged user namespaces (Ubuntu 23.10 and later) and Electron's chrome-sandbox is not setuid root";
  }
  return null;
}

/** The Electron arguments for this host and the one line that explains an added --no-sandbox. */
export function sandboxArgs(host: SandboxHost, argv: readonly string[]): { args: string[]; notice: string | null } {
  const blocker = sandboxBlocker(host);
  if (blocker === null || argv.includes('--no-sandbox')) return { args: [...argv], notice: null };
  const keep =
    host.userNamespacesRestricted && host.setuidHelper && blocker.startsWith('on a system')
      ? `sudo chown root:root '${host.setuidHelper.path}' && sudo chmod 4755 '${host.setuidHelper.path}' keeps it`
      : 'run it as a normal user outside a container to keep it';
  return {
    args: [...argv, '--no-sandbox'],
    notice: `Parley is ${blocker}, where Chromium's sandbox cannot start: starting Electron with --no-sandbox (${keep}).`,
  };
}

import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentHost, sandboxArgs, sandboxBlocker } from '../../scripts/linux-sandbox';

const linuxUser = { platform: 'linux' as const, uid: 1000, inContainer: false };

describe('the Linux sandbox check before starting Electron', () => {
  it('keeps the sandbox for a normal user, and on macOS and Windows whatever the user', () => {
    expect(sandboxArgs(linuxUser, ['.'])).toEqual({ args: ['.'], notice: null });
    expect(sandboxBlocker({ platform: 'darwin', uid: 0, inContainer: false })).toBeNull();
    expect(sandboxBlocker({ platform: 'win32', uid: undefined, inContainer: true })).toBeNull();
  });

  it('adds --no-sandbox for root and in containers, and says why in one line', () => {
    const root = sandboxArgs({ ...linuxUser, uid: 0 }, ['.']);
    expect(root.args).toEqual(['.', '--no-sandbox']);
    expect(root.notice).toMatch(/running as root, where Chromium's sandbox cannot start/);
    expect(root.notice).not.toContain('\n');
    const container = sandboxArgs({ ...linuxUser, inContainer: true }, ['.']);
    expect(container.args).toEqual(['.', '--no-sandbox']);
    expect(container.notice).toMatch(/in a container/);
  });

  it('does not add the flag twice', () => {
    expect(sandboxArgs({ ...linuxUser, uid: 0 }, ['.', '--no-sandbox'])).toEqual({
      args: ['.', '--no-sandbox'],
      notice: null,
    });
  });
});

describe('Ubuntu 23.10+ (AppArmor restricts unprivileged user namespaces)', () => {
  const helper = '/opt/parley/node_modules/electron/dist/chrome-sandbox';
  const ubuntu = { ...linuxUser, userNamespacesRestricted: true };

  it('adds --no-sandbox when chrome-sandbox is not setuid root, and says how to keep the sandbox', () => {
    const { args, notice } = sandboxArgs({ ...ubuntu, setuidHelper: { path: helper, ready: false } }, ['.']);
    expect(args).toEqual(['.', '--no-sandbox']);
    expect(notice).toContain('AppArmor forbids unprivileged user namespaces');
    expect(notice).toContain(`sudo chown root:root '${helper}' && sudo chmod 4755 '${helper}'`);
    expect(notice).not.toContain('\n');
  });

  it('keeps the sandbox when chrome-sandbox is setuid root, or where namespaces are allowed', () => {
    expect(sandboxArgs({ ...ubuntu, setuidHelper: { path: helper, ready: true } }, ['.']).args).toEqual(['.']);
    expect(sandboxArgs({ ...linuxUser, userNamespacesRestricted: false }, ['.']).args).toEqual(['.']);
  });

  it("reads this machine: the helper beside the binary counts only when root's and setuid", () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-sandbox-'));
    try {
      writeFileSync(join(dir, 'electron'), '');
      writeFileSync(join(dir, 'chrome-sandbox'), '');
      chmodSync(join(dir, 'chrome-sandbox'), 0o755);
      const plain = currentHost(join(dir, 'electron'));
      expect(plain.setuidHelper).toEqual({ path: join(dir, 'chrome-sandbox'), ready: false });
      expect(typeof plain.userNamespacesRestricted).toBe('boolean');
      chmodSync(join(dir, 'chrome-sandbox'), 0o4755);
      // Only root can own a file root owns: for anyone else the helper stays not ready.
      expect(currentHost(join(dir, 'electron')).setuidHelper?.ready).toBe(process.getuid?.() === 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

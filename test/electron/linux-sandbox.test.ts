import { describe, expect, it } from 'vitest';
import { sandboxArgs, sandboxBlocker } from '../../scripts/linux-sandbox';

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

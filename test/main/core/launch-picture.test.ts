/**
 * The core keeps the window's picture the renderer sends, sanitized against the renderer build's
 * stylesheet, and forgets it when an account signs out.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MemoryCredentialStore } from '../../../main/credentials';
import { launchPicturePath, readLaunchPicture } from '../../../main/launch-picture/file';
import { isSignedBy, pictureSigningKey } from '../../../main/launch-picture/signing';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';
import { signedInFolder } from './signed-in-folder';

/** A renderer build whose stylesheet styles `.row` only. */
function rendererFolder(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<html lang="en"><head><link rel="stylesheet" href="./assets/index-X.css"></head><body><div id="app"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-X.css'), '.row{display:flex}');
  return dir;
}

let server: RunningDevServer;
beforeAll(async () => {
  server = await startDevServer();
});
afterAll(async () => {
  await server?.stop();
});

const picture = (accountId: string, html: string) => ({ accountId, html, build: '/assets/index-Abc.js', theme: null });

it('keeps the last picture of a signed-in account, refuses others, and removes it at sign-out', async () => {
  const credentials = new MemoryCredentialStore();
  const { t, dataDir, accountId } = await signedInFolder(server, credentials, { rendererDir: rendererFolder() });
  try {
    t.core.receive('window:picture', picture(accountId, '<p>first</p>'));
    t.core.receive('window:picture', picture(accountId, '<p class="row other" onclick="x()">second</p><script>x()</script>'));
    // Kept sanitized: no handler, no script, only the build's own classes.
    await vi.waitFor(() => expect(readLaunchPicture(dataDir)?.html).toBe('<p class="row">second</p>'));
    // Signed with this install's key, which the core made and keeps in the credential store.
    const key = await pictureSigningKey(credentials);
    const kept = readLaunchPicture(dataDir)!;
    expect(key).not.toBeNull();
    expect(isSignedBy(kept, kept.mac, key!)).toBe(true);

    // Not a signed-in account, not a picture: logged, and the kept one stays.
    t.core.receive('window:picture', picture('someone-else', '<p>theirs</p>'));
    t.core.receive('window:picture', { ...picture(accountId, '<p>bad</p>'), build: 'https://evil.example/x.js' });
    await vi.waitFor(() =>
      expect(t.logLines.filter((l) => l.includes('could not keep the window picture'))).toHaveLength(2),
    );
    expect(readLaunchPicture(dataDir)?.html).toBe('<p class="row">second</p>');
    // The markup itself is never logged.
    expect(t.logLines.join('\n')).not.toContain('theirs');

    await t.ok('account:signOut', { accountId });
    expect(existsSync(launchPicturePath(dataDir))).toBe(false);
  } finally {
    await t.core.close();
  }
});

it('keeps no picture when it knows no renderer build to check one against', async () => {
  const { t, dataDir, accountId } = await signedInFolder(server, new MemoryCredentialStore());
  try {
    t.core.receive('window:picture', picture(accountId, '<p>first</p>'));
    await vi.waitFor(() => expect(t.logLines.some((l) => l.includes('no window picture kept'))).toBe(true));
    expect(existsSync(launchPicturePath(dataDir))).toBe(false);
  } finally {
    await t.core.close();
  }
});

/**
 * What the macOS and Windows builds get from the real config, read by electron-builder's own
 * config loader (those builds need their OS; release.yml runs them on GitHub's runners).
 */
import { getConfig } from 'app-builder-lib/out/util/config/config';
import { describe, expect, it } from 'vitest';
import { APP_USER_MODEL_ID, DESKTOP_FILE } from '../../main/electron/desktop-integration';
import { PROJECT_ROOT } from '../../scripts/build-main';

type Config = Awaited<ReturnType<typeof getConfig>>;
const load = (file: string): Promise<Config> => getConfig(PROJECT_ROOT, file, null);
const targets = (config: Config['mac']) => [config?.target].flat().map((t) => (typeof t === 'string' ? t : t?.target));

describe('macOS', () => {
  it('builds a dmg to install and the zip electron-updater updates a Mac from', async () => {
    const config = await load('electron-builder.yml');
    expect(targets(config.mac)).toEqual(['dmg', 'zip']);
  });

  it('re-signs ad hoc after flipping the fuses, so an unsigned build still starts on Apple Silicon', async () => {
    const config = await load('electron-builder.yml');
    expect(config.electronFuses).toMatchObject({ resetAdHocDarwinSignature: true, runAsNode: false });
  });

  it('signs a build without an identity ad hoc, without the hardened runtime, and changes nothing else', async () => {
    const [real, adhoc] = await Promise.all([
      load('electron-builder.yml'),
      load('build/electron-builder.adhoc-mac.yml'),
    ]);
    expect(adhoc.mac).toEqual({ ...real.mac, identity: '-', hardenedRuntime: false });
    const { mac: _realMac, ...realRest } = real;
    const { mac: _adhocMac, extends: _parent, ...adhocRest } = adhoc as Config & { extends?: unknown };
    expect(adhocRest).toEqual(realRest);
  });
});

describe('Linux', () => {
  it('names the desktop file main registers for an AppImage as the packages do (desktopName)', async () => {
    const config = await load('electron-builder.yml');
    expect((config.extraMetadata as { desktopName?: string }).desktopName).toBe(DESKTOP_FILE);
    expect(config.linux?.syncDesktopName).toBe(true);
  });
});

describe('Windows', () => {
  it('names the installer without spaces, so the uploaded file is the one latest.yml names', async () => {
    const config = await load('electron-builder.yml');
    expect(config.nsis?.artifactName).toBe('${productName}-Setup-${version}.${ext}');
    expect(config.nsis?.artifactName).not.toContain(' ');
    expect(config.productName).not.toContain(' ');
  });

  it('uses the appId main gives Windows as the AppUserModelID (the Start-menu shortcut carries it)', async () => {
    const config = await load('electron-builder.yml');
    expect(APP_USER_MODEL_ID).toBe(config.appId);
  });
});

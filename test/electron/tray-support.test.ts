import { describe, expect, it } from 'vitest';
import { closeAction } from '../../main/shell/app-menu';
import { trayIsVisible } from '../../main/shell/tray-support';

describe('whether a tray icon would be seen', () => {
  it('is not on stock GNOME, where closing the window then quits instead of hiding it', () => {
    for (const desktop of ['GNOME', 'GNOME-Classic:GNOME', 'gnome']) {
      const hasTray = trayIsVisible('linux', { XDG_CURRENT_DESKTOP: desktop });
      expect(hasTray, desktop).toBe(false);
      expect(closeAction({ platform: 'linux', hasTray, quitting: false })).toBe('close');
    }
  });

  it("is on Ubuntu's GNOME (AppIndicator extension), KDE, other desktops, Windows and macOS", () => {
    for (const desktop of ['ubuntu:GNOME', 'KDE', 'XFCE', 'X-Cinnamon', '']) {
      expect(trayIsVisible('linux', { XDG_CURRENT_DESKTOP: desktop }), desktop).toBe(true);
    }
    expect(trayIsVisible('linux', {})).toBe(true);
    expect(trayIsVisible('win32', { XDG_CURRENT_DESKTOP: 'GNOME' })).toBe(true);
    expect(
      closeAction({
        platform: 'linux',
        hasTray: trayIsVisible('linux', { XDG_CURRENT_DESKTOP: 'KDE' }),
        quitting: false,
      }),
    ).toBe('hide');
  });

  it('follows PARLEY_TRAY over the guess', () => {
    expect(trayIsVisible('linux', { XDG_CURRENT_DESKTOP: 'GNOME', PARLEY_TRAY: 'on' })).toBe(true);
    expect(trayIsVisible('linux', { XDG_CURRENT_DESKTOP: 'KDE', PARLEY_TRAY: 'off' })).toBe(false);
  });
});

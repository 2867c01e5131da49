import { describe, expect, it } from 'vitest';
import { appMenuTemplate, closeAction, trayMenuTemplate, trayTooltip, type MenuEntry } from '../../main/shell/app-menu';

const roles = (menu: MenuEntry[], label: string) =>
  menu.find((m) => m.label === label)?.submenu?.map((m) => m.role ?? m.type ?? m.label);

describe('application menu', () => {
  it('gives macOS its app menu and paste-and-match-style, and others a Quit in File', () => {
    const mac = appMenuTemplate('darwin', { developer: false });
    const linux = appMenuTemplate('linux', { developer: false });
    expect(mac.map((m) => m.label)).toEqual(['Parley', 'File', 'Edit', 'View', 'Window']);
    expect(linux.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Window']);
    expect(roles(mac, 'Parley')).toContain('quit');
    expect(roles(linux, 'File')).toEqual(['quit']);
    expect(roles(mac, 'Edit')).toContain('pasteAndMatchStyle');
    expect(roles(linux, 'Edit')).toEqual(['undo', 'redo', 'separator', 'cut', 'copy', 'paste', 'selectAll']);
  });

  it('offers reload and the inspector only to developers', () => {
    expect(roles(appMenuTemplate('linux', { developer: false }), 'View')).not.toContain('toggleDevTools');
    expect(roles(appMenuTemplate('linux', { developer: true }), 'View')).toEqual(
      expect.arrayContaining(['reload', 'toggleDevTools']),
    );
  });
});

describe('tray', () => {
  it('says what waits for the user in its tooltip', () => {
    expect(trayTooltip(0)).toBe('Parley');
    expect(trayTooltip(1)).toBe('Parley: 1 unread message for you');
    expect(trayTooltip(12)).toBe('Parley: 12 unread messages for you');
  });

  it('shows the window or quits from its menu', () => {
    const done: string[] = [];
    const menu = trayMenuTemplate({ show: () => done.push('show'), quit: () => done.push('quit') });
    for (const item of menu) item.click?.();
    expect(menu.map((m) => m.label ?? m.type)).toEqual(['Show Parley', 'separator', 'Quit Parley']);
    expect(done).toEqual(['show', 'quit']);
  });
});

describe('closing the window', () => {
  it('hides to the tray on Windows and Linux, closes on macOS, and always closes when quitting', () => {
    const action = (platform: NodeJS.Platform, hasTray: boolean, quitting: boolean) =>
      closeAction({ platform, hasTray, quitting });
    expect(action('win32', true, false)).toBe('hide');
    expect(action('linux', true, false)).toBe('hide');
    expect(action('linux', false, false)).toBe('close');
    expect(action('darwin', true, false)).toBe('close');
    expect(action('win32', true, true)).toBe('close');
  });
});

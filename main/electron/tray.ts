/**
 * The tray (notification area) icon: its tooltip tells what waits for the user, a click shows the
 * window, and its menu shows the window or quits. The icon is the app's, scaled for a tray.
 */
import type { Menu as ElectronMenu, NativeImage, Tray as ElectronTray } from 'electron';
import { trayMenuTemplate, trayTooltip, type MenuEntry } from '../shell/app-menu';

export interface TrayDeps {
  Tray: new (image: NativeImage) => Pick<ElectronTray, 'setToolTip' | 'setContextMenu' | 'on' | 'destroy'>;
  buildMenu: (template: MenuEntry[]) => ElectronMenu;
  image: NativeImage;
  show: () => void;
  quit: () => void;
}

export interface AppTray {
  /** The number waiting for the user changed (main/shell/badge.ts). */
  setWaiting(count: number): void;
  destroy(): void;
}

export function createAppTray(d: TrayDeps): AppTray {
  const tray = new d.Tray(d.image);
  tray.setToolTip(trayTooltip(0));
  tray.setContextMenu(d.buildMenu(trayMenuTemplate({ show: d.show, quit: d.quit })));
  tray.on('click', d.show);
  return {
    setWaiting: (count) => tray.setToolTip(trayTooltip(count)),
    destroy: () => tray.destroy(),
  };
}

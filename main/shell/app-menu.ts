/**
 * The application menu as plain data (Electron's MenuItemConstructorOptions shape), so it is tested
 * without Electron. Roles give each platform its native behaviour and shortcuts; the Edit menu is
 * what makes copy and paste work on macOS at all.
 */
export interface MenuEntry {
  label?: string;
  role?: string;
  type?: 'separator' | 'checkbox';
  checked?: boolean;
  enabled?: boolean;
  accelerator?: string;
  click?: () => void;
  submenu?: MenuEntry[];
}

const separator: MenuEntry = { type: 'separator' };

export function appMenuTemplate(platform: NodeJS.Platform, opts: { developer: boolean }): MenuEntry[] {
  const mac = platform === 'darwin';
  const menu: MenuEntry[] = [];
  if (mac) {
    menu.push({
      label: 'Parley',
      submenu: [
        { role: 'about' },
        separator,
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        separator,
        { role: 'quit' },
      ],
    });
  }
  menu.push({ label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] });
  menu.push({
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' }] : []),
      { role: 'selectAll' },
    ],
  });
  menu.push({
    label: 'View',
    submenu: [
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
      // Reloading and the inspector are for people working on Parley, not in a release.
      ...(opts.developer ? [separator, { role: 'reload' }, { role: 'toggleDevTools' }] : []),
    ],
  });
  menu.push({
    label: 'Window',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  });
  return menu;
}

/** The tray icon's tooltip: the app's name and what waits for the user. */
export function trayTooltip(waiting: number): string {
  if (waiting === 0) return 'Parley';
  return `Parley: ${waiting} unread ${waiting === 1 ? 'message' : 'messages'} for you`;
}

/** The tray icon's menu: bring the window back (the window may be closed to the tray), or quit. */
export function trayMenuTemplate(actions: { show: () => void; quit: () => void }): MenuEntry[] {
  return [{ label: 'Show Parley', click: actions.show }, separator, { label: 'Quit Parley', click: actions.quit }];
}

/**
 * What closing the window does. On Windows and Linux, with a tray icon to come back through, the
 * window hides and Parley keeps running, so notifications keep arriving (as chat apps there do).
 * macOS apps already keep running in the dock, so the window really closes. Quitting closes all.
 */
export function closeAction(o: { platform: NodeJS.Platform; hasTray: boolean; quitting: boolean }): 'hide' | 'close' {
  return !o.quitting && o.hasTray && o.platform !== 'darwin' ? 'hide' : 'close';
}

/**
 * Whether a tray icon would be seen. Electron's Linux tray is a StatusNotifierItem, which stock
 * GNOME Shell does not show (Ubuntu's GNOME does, through its AppIndicator extension). Closing
 * the window to an invisible tray would leave Parley running with no way back but starting it
 * again, so there the window closes instead (main/shell/app-menu.ts closeAction).
 * PARLEY_TRAY=on|off overrides the guess (a GNOME with the AppIndicator extension installed).
 */
export function trayIsVisible(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  const override = env['PARLEY_TRAY']?.toLowerCase();
  if (override === 'on') return true;
  if (override === 'off') return false;
  if (platform !== 'linux') return true;
  const desktops = (env['XDG_CURRENT_DESKTOP'] ?? '').toLowerCase().split(':');
  return !(desktops.includes('gnome') && !desktops.includes('ubuntu'));
}

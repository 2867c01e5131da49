/**
 * When the app window appears, and in what colour before the page paints. Kept apart from
 * window.ts (which needs Electron) so it is tested with a stand-in window.
 */

/** The page's own background (renderer/styles.css --bg), so the frame before the first paint matches it. */
export function windowBackground(dark: boolean): string {
  return dark ? '#1b1d22' : '#ffffff';
}

export interface ShowableWindow {
  once(event: 'ready-to-show', listener: () => void): unknown;
  maximize(): void;
  show(): void;
}

/**
 * Shows the window once its first paint is ready, maximized first if it was. maximize() on a
 * hidden window shows it at once on Windows and Linux, before the page has painted: a white (or
 * unthemed) window until the renderer draws. Never shown for the self-test.
 */
export function showWhenPainted(window: ShowableWindow, options: { maximized: boolean; hidden: boolean }): void {
  if (options.hidden) return;
  window.once('ready-to-show', () => {
    if (options.maximized) window.maximize();
    window.show();
  });
}

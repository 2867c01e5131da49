/**
 * The app window: secure webPreferences, the size and place it had last time, shown once its
 * first paint is ready so the user never sees a white flash.
 */
import { BrowserWindow, nativeTheme, screen } from 'electron';
import { join } from 'node:path';
import { secureWebPreferences } from '../shell/web-preferences';
import { loadWindowState, MIN_WINDOW_SIZE, saveWindowState } from '../shell/window-state';
import { showWhenPainted, windowBackground } from './window-show';

export interface MainWindowOptions {
  userDataDir: string;
  preloadPath: string;
  /** The renderer's page (app://parley/index.html). */
  entryUrl: string;
  iconPath?: string;
  onProblem?: (message: string) => void;
  /** Never shown (--self-test). */
  hidden?: boolean;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const stateFile = join(options.userDataDir, 'window-state.json');
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const { state, problem } = loadWindowState(stateFile, workAreas);
  if (problem) options.onProblem?.(problem);

  const window = new BrowserWindow({
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: 'Parley',
    show: false,
    backgroundColor: windowBackground(nativeTheme.shouldUseDarkColors),
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  showWhenPainted(window, { maximized: state.maximized, hidden: options.hidden === true });

  window.on('close', () => {
    const bounds = window.getNormalBounds();
    try {
      saveWindowState(stateFile, { ...bounds, maximized: window.isMaximized() });
    } catch (error) {
      options.onProblem?.(`Could not save the window state: ${(error as Error).message}`);
    }
  });
  void window.loadURL(options.entryUrl);
  return window;
}

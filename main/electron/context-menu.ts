/**
 * Shows main/shell/context-menu.ts's menu on right-click in a webContents: spelling fixes and
 * "add to dictionary" through the page's session, links and images to the clipboard. Electron's
 * Menu and clipboard are passed in, so it is tested without Electron.
 */
import type { Clipboard, MenuItemConstructorOptions, WebContents } from 'electron';
import { contextMenuTemplate } from '../shell/context-menu';

export interface ContextMenuDeps {
  buildMenu(template: MenuItemConstructorOptions[]): { popup(): void };
  clipboard: Pick<Clipboard, 'writeText'>;
}

export function attachContextMenu(contents: WebContents, deps: ContextMenuDeps): void {
  contents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, {
      replaceMisspelling: (word) => contents.replaceMisspelling(word),
      addToDictionary: (word) => void contents.session.addWordToSpellCheckerDictionary(word),
      // Electron 45's clipboard is asynchronous; a failed write leaves the clipboard as it was.
      copyText: (text) => void Promise.resolve(deps.clipboard.writeText(text)).catch(() => undefined),
      copyImageAt: (x, y) => contents.copyImageAt(x, y),
    });
    deps.buildMenu(template as MenuItemConstructorOptions[]).popup();
  });
}

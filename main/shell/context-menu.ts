/**
 * The right-click menu of the app window (messages and the compose box), as plain data in
 * Electron's MenuItemConstructorOptions shape, decided from the `context-menu` event's params so
 * it is tested without Electron. Roles do the editing (with each platform's own behaviour);
 * `click` calls back into what only Electron can do (main/electron/context-menu.ts).
 */
import type { MenuEntry } from './app-menu';

/** The part of Electron's ContextMenuParams the menu depends on. */
export interface ContextParams {
  x: number;
  y: number;
  isEditable: boolean;
  selectionText: string;
  linkURL: string;
  mediaType: string;
  hasImageContents: boolean;
  misspelledWord: string;
  dictionarySuggestions: string[];
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
}

/** What the menu's own items do, supplied by the Electron side. */
export interface ContextActions {
  replaceMisspelling(word: string): void;
  addToDictionary(word: string): void;
  copyText(text: string): void;
  copyImageAt(x: number, y: number): void;
}

const separator: MenuEntry = { type: 'separator' };
/** Beyond a handful the list only gets longer, not more useful (as in Chromium's own menu). */
const MAX_SUGGESTIONS = 5;

/** Links worth copying: the ones a click would open (server links, mail). */
function copyableLink(url: string): boolean {
  return /^(https?|mailto):/i.test(url);
}

export function contextMenuTemplate(params: ContextParams, actions: ContextActions): MenuEntry[] {
  const groups: MenuEntry[][] = [];
  if (params.isEditable && params.misspelledWord) {
    const word = params.misspelledWord;
    const suggestions = params.dictionarySuggestions.slice(0, MAX_SUGGESTIONS);
    groups.push([
      ...(suggestions.length > 0
        ? suggestions.map((s) => ({ label: s, click: () => actions.replaceMisspelling(s) }))
        : [{ label: 'No spelling suggestions', enabled: false } as MenuEntry]),
      { label: `Add “${word}” to dictionary`, click: () => actions.addToDictionary(word) },
    ]);
  }
  if (copyableLink(params.linkURL)) {
    const url = params.linkURL;
    groups.push([
      {
        label: url.startsWith('mailto:') ? 'Copy email address' : 'Copy link',
        click: () => actions.copyText(url.replace(/^mailto:/i, '')),
      },
    ]);
  }
  if (params.mediaType === 'image' && params.hasImageContents) {
    groups.push([{ label: 'Copy image', click: () => actions.copyImageAt(params.x, params.y) }]);
  }
  const flags = params.editFlags;
  if (params.isEditable) {
    groups.push([
      { role: 'cut', enabled: flags.canCut },
      { role: 'copy', enabled: flags.canCopy },
      { role: 'paste', enabled: flags.canPaste },
      separator,
      { role: 'selectAll', enabled: flags.canSelectAll },
    ]);
  } else {
    const text: MenuEntry[] = [];
    if (params.selectionText.trim() !== '') text.push({ role: 'copy', enabled: flags.canCopy });
    text.push({ role: 'selectAll', enabled: flags.canSelectAll });
    groups.push(text);
  }
  return groups.flatMap((group, i) => (i === 0 ? group : [separator, ...group]));
}

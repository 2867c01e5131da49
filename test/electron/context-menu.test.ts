/** The right-click menu: what it offers where, and that its items reach Electron's page and clipboard. */
import { EventEmitter } from 'node:events';
import type { MenuItemConstructorOptions, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { attachContextMenu } from '../../main/electron/context-menu';
import { contextMenuTemplate, type ContextParams } from '../../main/shell/context-menu';

const base: ContextParams = {
  x: 10,
  y: 20,
  isEditable: false,
  selectionText: '',
  linkURL: '',
  mediaType: 'none',
  hasImageContents: false,
  misspelledWord: '',
  dictionarySuggestions: [],
  editFlags: { canCut: false, canCopy: false, canPaste: false, canSelectAll: true },
};
const noActions = { replaceMisspelling() {}, addToDictionary() {}, copyText() {}, copyImageAt() {} };
const labels = (params: Partial<ContextParams>) =>
  contextMenuTemplate({ ...base, ...params }, noActions).map((e) => e.label ?? e.role ?? e.type);

describe('the context menu', () => {
  it('offers copy and select all on selected message text', () => {
    expect(labels({ selectionText: 'hello', editFlags: { ...base.editFlags, canCopy: true } })).toEqual([
      'copy',
      'selectAll',
    ]);
    expect(labels({})).toEqual(['selectAll']);
  });

  it('offers cut, copy, paste and select all in the compose box, enabled as the page says', () => {
    const menu = contextMenuTemplate(
      { ...base, isEditable: true, editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true } },
      noActions,
    );
    expect(menu.map((e) => [e.role ?? e.type, e.enabled])).toEqual([
      ['cut', false],
      ['copy', false],
      ['paste', true],
      ['separator', undefined],
      ['selectAll', true],
    ]);
  });

  it('puts spelling suggestions (at most five) and "add to dictionary" first on a misspelled word', () => {
    const menu = labels({
      isEditable: true,
      misspelledWord: 'teh',
      dictionarySuggestions: ['the', 'tea', 'ten', 'tech', 'eh', 'tel'],
    });
    expect(menu.slice(0, 7)).toEqual(['the', 'tea', 'ten', 'tech', 'eh', 'Add “teh” to dictionary', 'separator']);
    expect(labels({ isEditable: true, misspelledWord: 'qzx' }).slice(0, 2)).toEqual([
      'No spelling suggestions',
      'Add “qzx” to dictionary',
    ]);
    // Not in message text, which cannot be corrected.
    expect(labels({ misspelledWord: 'teh', dictionarySuggestions: ['the'] })).not.toContain('the');
  });

  it('copies web and mail links, and images, but offers nothing for other schemes', () => {
    expect(labels({ linkURL: 'https://chat.example.com/#narrow/dm/1' })[0]).toBe('Copy link');
    expect(labels({ linkURL: 'mailto:amir@parley.example' })[0]).toBe('Copy email address');
    expect(labels({ linkURL: 'javascript:alert(1)' })).not.toContain('Copy link');
    expect(labels({ mediaType: 'image', hasImageContents: true })[0]).toBe('Copy image');
  });
});

describe('the context menu in a window', () => {
  it('pops up on right-click, and its items fix spelling, learn words, copy links and images', () => {
    const calls: string[] = [];
    const contents = Object.assign(new EventEmitter(), {
      replaceMisspelling: (word: string) => void calls.push(`replace:${word}`),
      copyImageAt: (x: number, y: number) => void calls.push(`copyImage:${x},${y}`),
      session: { addWordToSpellCheckerDictionary: (word: string) => (calls.push(`learn:${word}`), true) },
    });
    let shown: MenuItemConstructorOptions[] = [];
    attachContextMenu(contents as unknown as WebContents, {
      buildMenu: (template) => ((shown = template), { popup: () => void calls.push('popup') }),
      clipboard: { writeText: (text: string) => Promise.resolve(void calls.push(`clipboard:${text}`)) },
    });
    const click = (label: string) => (shown.find((e) => e.label === label)?.click as (() => void) | undefined)?.();

    contents.emit(
      'context-menu',
      {},
      { ...base, isEditable: true, misspelledWord: 'teh', dictionarySuggestions: ['the'] },
    );
    click('the');
    click('Add “teh” to dictionary');
    contents.emit(
      'context-menu',
      {},
      { ...base, linkURL: 'mailto:amir@parley.example', mediaType: 'image', hasImageContents: true },
    );
    click('Copy email address');
    click('Copy image');
    expect(calls).toEqual([
      'popup',
      'replace:the',
      'learn:teh',
      'popup',
      'clipboard:amir@parley.example',
      'copyImage:10,20',
    ]);
  });
});

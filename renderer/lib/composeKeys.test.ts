import { describe, expect, it } from 'vitest';
import { applyFormat, enterAction, formatFor, type ComposeKey } from './composeKeys';

const key = (k: string, mods: Partial<ComposeKey> = {}): ComposeKey => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('compose keys', () => {
  it('knows Ctrl+B, Ctrl+I and Ctrl+Shift+L (Cmd on a Mac)', () => {
    expect(formatFor(key('b', { ctrlKey: true }))).toBe('bold');
    expect(formatFor(key('i', { metaKey: true }))).toBe('italic');
    expect(formatFor(key('L', { ctrlKey: true, shiftKey: true }))).toBe('link');
    expect(formatFor(key('l', { ctrlKey: true }))).toBeNull();
    expect(formatFor(key('b'))).toBeNull();
  });

  it('wraps the selection, and unwraps it when pressed again', () => {
    const bold = applyFormat('say hello now', 4, 9, 'bold');
    expect(bold).toEqual({ text: 'say **hello** now', start: 6, end: 11 });
    expect(applyFormat(bold.text, bold.start, bold.end, 'bold')).toEqual({ text: 'say hello now', start: 4, end: 9 });
    expect(applyFormat('', 0, 0, 'italic')).toEqual({ text: '**', start: 1, end: 1 });
    // Italic inside bold adds its own marker instead of eating one of bold's.
    expect(applyFormat('**hi**', 2, 4, 'italic').text).toBe('***hi***');
    expect(applyFormat('***hi***', 3, 5, 'italic').text).toBe('**hi**');
  });

  it('makes the selection a link with "url" selected to type over', () => {
    expect(applyFormat('see docs', 4, 8, 'link')).toEqual({ text: 'see [docs](url)', start: 11, end: 14 });
  });

  it('follows the Enter sends setting: Ctrl+Enter is the other of send and new line', () => {
    expect(enterAction(key('Enter'), true)).toBe('send');
    expect(enterAction(key('Enter', { ctrlKey: true }), true)).toBe('newline');
    expect(enterAction(key('Enter', { shiftKey: true }), true)).toBeNull();
    expect(enterAction(key('Enter'), false)).toBeNull();
    expect(enterAction(key('Enter', { metaKey: true }), false)).toBe('send');
    expect(enterAction(key('a', { ctrlKey: true }), false)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { enterAction, formatFor, type ComposeKey } from './composeKeys';

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

  it('follows the Enter sends setting: Ctrl+Enter is the other of send and new line', () => {
    expect(enterAction(key('Enter'), true)).toBe('send');
    expect(enterAction(key('Enter', { ctrlKey: true }), true)).toBe('newline');
    expect(enterAction(key('Enter', { shiftKey: true }), true)).toBeNull();
    expect(enterAction(key('Enter'), false)).toBeNull();
    expect(enterAction(key('Enter', { metaKey: true }), false)).toBe('send');
    expect(enterAction(key('a', { ctrlKey: true }), false)).toBeNull();
  });
});

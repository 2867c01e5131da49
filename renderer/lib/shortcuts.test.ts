import { describe, expect, it } from 'vitest';
import { SHORTCUTS, isTextField, neighbourMessage, shortcutFor } from './shortcuts';

describe('shortcutFor', () => {
  it("maps Zulip's keys outside text fields", () => {
    const keys: [string, string][] = [
      ['/', 'search'],
      ['j', 'next'],
      ['ArrowDown', 'next'],
      ['k', 'previous'],
      ['ArrowUp', 'previous'],
      ['r', 'reply'],
      ['c', 'composeTopic'],
      ['x', 'composeDm'],
      ['n', 'nextUnreadTopic'],
      ['?', 'help'],
      ['Escape', 'escape'],
    ];
    for (const [key, action] of keys) expect(shortcutFor({ key }, false), key).toBe(action);
    expect(shortcutFor({ key: 'k', ctrlKey: true }, false)).toBe('search');
    expect(shortcutFor({ key: 'q' }, false)).toBeNull();
  });

  it('leaves typing alone: inside a text field only Escape and Ctrl+K act', () => {
    expect(shortcutFor({ key: 'j' }, true)).toBeNull();
    expect(shortcutFor({ key: '/' }, true)).toBeNull();
    expect(shortcutFor({ key: 'Escape' }, true)).toBe('escape');
    expect(shortcutFor({ key: 'k', ctrlKey: true }, true)).toBe('search');
    expect(shortcutFor({ key: 'c', altKey: true }, false)).toBeNull();
  });

  it('lists every action in the help', () => {
    expect(new Set(SHORTCUTS.map((s) => s.action)).size).toBe(SHORTCUTS.length);
  });
});

describe('isTextField and neighbourMessage', () => {
  it('tells text fields from buttons and checkboxes', () => {
    const input = document.createElement('input');
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(isTextField(input)).toBe(true);
    expect(isTextField(box)).toBe(false);
    expect(isTextField(document.createElement('textarea'))).toBe(true);
    expect(isTextField(document.createElement('button'))).toBe(false);
  });

  it('steps through the messages of the list, starting at an end', () => {
    const log = document.createElement('div');
    for (const id of [1, 2, 3]) {
      const article = document.createElement('article');
      article.dataset['messageId'] = String(id);
      article.tabIndex = -1;
      log.append(article);
    }
    document.body.append(log);
    const first = neighbourMessage(log, 1)!;
    expect(first.dataset['messageId']).toBe('1');
    first.focus();
    expect(neighbourMessage(log, 1)!.dataset['messageId']).toBe('2');
    expect(neighbourMessage(log, -1)!.dataset['messageId']).toBe('1');
    log.remove();
  });
});

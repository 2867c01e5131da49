import { describe, expect, it } from 'vitest';
import { SHORTCUT_GROUPS, SHORTCUTS, isTextField, keyBelongsToFocus, neighbourMessage, shortcutFor } from './shortcuts';

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
    expect(shortcutFor({ key: 'y' }, false)).toBeNull();
  });

  it("takes each key's meaning from Zulip's hotkey map", () => {
    const keys: [string, string][] = [
      ['*', 'starred'],
      ['N', 'nextUnreadFollowed'],
      ['p', 'nextUnreadDm'],
      ['P', 'dmFeed'],
      ['s', 'toggleConversation'],
      ['z', 'zoom'],
      ['A', 'channelPrevious'],
      ['D', 'channelNext'],
      ['w', 'filterPeople'],
      ['M', 'muteTopic'],
      ['U', 'markUnread'],
      ['-', 'collapse'],
      ['v', 'viewImage'],
      ['q', 'filterChannels'],
      ['g', 'gearMenu'],
      ['a', 'combinedFeed'],
      ['ArrowLeft', 'editLast'],
      ['PageDown', 'pageDown'],
      ['J', 'pageDown'],
      [' ', 'pageDown'],
      ['PageUp', 'pageUp'],
      ['K', 'pageUp'],
    ];
    for (const [key, action] of keys) expect(shortcutFor({ key }, false), key).toBe(action);
    expect(shortcutFor({ key: 's', ctrlKey: true }, false)).toBe('star');
    expect(shortcutFor({ key: '.', ctrlKey: true }, false)).toBe('composeTarget');
    // Back and forward act from a text field too, as the browser's own keys do.
    expect(shortcutFor({ key: 'ArrowLeft', altKey: true }, true)).toBe('back');
    expect(shortcutFor({ key: 'ArrowRight', altKey: true }, false)).toBe('forward');
    expect(shortcutFor({ key: 'ArrowLeft', altKey: true, shiftKey: true }, false)).toBeNull();
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

describe("Zulip's fuller list", () => {
  it('maps the message, view and compose keys, Shift keys by their character', () => {
    const keys: [string, string][] = [
      ['Home', 'first'],
      ['End', 'last'],
      ['G', 'last'],
      ['R', 'replyDm'],
      ['@', 'replyMention'],
      ['>', 'quote'],
      ['I', 'inbox'],
      ['t', 'recent'],
      ['d', 'drafts'],
      ['*', 'starred'],
      ['+', 'thumbsUp'],
      ['=', 'firstReaction'],
      [':', 'reactionPicker'],
      ['i', 'actionsMenu'],
      ['u', 'senderCard'],
      ['e', 'edit'],
      ['m', 'move'],
      ['H', 'editHistory'],
    ];
    for (const [key, action] of keys) expect(shortcutFor({ key }, false), key).toBe(action);
    expect(shortcutFor({ key: 's', ctrlKey: true }, false)).toBe('star');
    expect(shortcutFor({ key: 's', ctrlKey: true }, true)).toBeNull();
    expect(shortcutFor({ key: '[', ctrlKey: true }, true)).toBe('escape');
    expect(shortcutFor({ key: 'constructor' }, false)).toBeNull();
  });

  it('puts every shortcut in one of Zulip’s sections', () => {
    for (const s of SHORTCUTS) expect(SHORTCUT_GROUPS).toContain(s.group);
  });
});

describe('keyBelongsToFocus', () => {
  it('leaves Enter and Space to buttons and links, not to a message row', () => {
    const button = document.createElement('button');
    const row = document.createElement('article');
    row.tabIndex = -1;
    expect(keyBelongsToFocus({ key: 'Enter' }, button)).toBe(true);
    expect(keyBelongsToFocus({ key: ' ' }, button)).toBe(true);
    expect(keyBelongsToFocus({ key: 'j' }, button)).toBe(false);
    expect(keyBelongsToFocus({ key: 'Enter' }, row)).toBe(false);
    expect(keyBelongsToFocus({ key: 'Enter' }, null)).toBe(false);
  });
});

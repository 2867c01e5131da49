/**
 * Zulip's keyboard shortcuts, as Parley supports them: which key does what, and the list the `?`
 * dialog shows. Keys typed into a text field belong to the field, except Escape (leave it).
 */

export type ShortcutAction =
  | 'search'
  | 'next'
  | 'previous'
  | 'first'
  | 'last'
  | 'pageUp'
  | 'pageDown'
  | 'reply'
  | 'replyDm'
  | 'replyMention'
  | 'quote'
  | 'composeTopic'
  | 'composeDm'
  | 'nextUnreadTopic'
  | 'nextUnreadFollowed'
  | 'nextUnreadDm'
  | 'toggleConversation'
  | 'dmFeed'
  | 'zoom'
  | 'channelPrevious'
  | 'channelNext'
  | 'composeTarget'
  | 'back'
  | 'forward'
  | 'filterPeople'
  | 'inbox'
  | 'recent'
  | 'starred'
  | 'drafts'
  | 'star'
  | 'thumbsUp'
  | 'firstReaction'
  | 'reactionPicker'
  | 'actionsMenu'
  | 'senderCard'
  | 'edit'
  | 'editLast'
  | 'move'
  | 'editHistory'
  | 'muteTopic'
  | 'markUnread'
  | 'collapse'
  | 'viewImage'
  | 'filterChannels'
  | 'gearMenu'
  | 'combinedFeed'
  | 'bold'
  | 'italic'
  | 'link'
  | 'preview'
  | 'escape'
  | 'help';

export { SHORTCUT_GROUPS, SHORTCUTS, type ShortcutGroup } from './shortcutList';

export interface ShortcutKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/**
 * Keys without modifiers (Shift is part of the key: `I`, `R`, `*`) and what they do; the keys
 * and their meaning are Zulip's (web/src/hotkey.ts). `*` opens Starred messages there; Ctrl+S stars.
 */
const PLAIN_KEYS: Readonly<Record<string, ShortcutAction>> = {
  '/': 'search',
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
  G: 'last',
  PageUp: 'pageUp',
  K: 'pageUp',
  PageDown: 'pageDown',
  J: 'pageDown',
  ' ': 'pageDown',
  r: 'reply',
  Enter: 'reply',
  R: 'replyDm',
  '@': 'replyMention',
  '>': 'quote',
  c: 'composeTopic',
  x: 'composeDm',
  n: 'nextUnreadTopic',
  N: 'nextUnreadFollowed',
  p: 'nextUnreadDm',
  P: 'dmFeed',
  s: 'toggleConversation',
  z: 'zoom',
  A: 'channelPrevious',
  D: 'channelNext',
  w: 'filterPeople',
  I: 'inbox',
  t: 'recent',
  '*': 'starred',
  d: 'drafts',
  '+': 'thumbsUp',
  '=': 'firstReaction',
  ':': 'reactionPicker',
  i: 'actionsMenu',
  u: 'senderCard',
  e: 'edit',
  ArrowLeft: 'editLast',
  m: 'move',
  H: 'editHistory',
  M: 'muteTopic',
  U: 'markUnread',
  '-': 'collapse',
  v: 'viewImage',
  q: 'filterChannels',
  g: 'gearMenu',
  a: 'combinedFeed',
  '?': 'help',
};

/** The action for a key press, or null; `inTextField`: focus is in an input, textarea or editable. */
export function shortcutFor(event: ShortcutKey, inTextField: boolean): ShortcutAction | null {
  if (event.key === 'Escape') return 'escape';
  const ctrl = (event.ctrlKey || event.metaKey) && !event.altKey;
  if (ctrl && event.key.toLowerCase() === 'k') return 'search';
  if (ctrl && event.key === '[') return 'escape';
  if (ctrl && event.key === '.') return 'composeTarget';
  if (ctrl && event.key.toLowerCase() === 's' && !inTextField) return 'star';
  // Alt+arrows are the browser's back and forward, so they act from a text field too (as in Zulip).
  const alt = event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
  if (alt && event.key === 'ArrowLeft') return 'back';
  if (alt && event.key === 'ArrowRight') return 'forward';
  if (inTextField || event.ctrlKey || event.metaKey || event.altKey) return null;
  return Object.hasOwn(PLAIN_KEYS, event.key) ? PLAIN_KEYS[event.key]! : null;
}

/** Whether keys typed now go into a text field. */
export function isTextField(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(el.type);
  return (el as HTMLElement).isContentEditable === true;
}

/** Roles and elements that act on Enter or Space themselves (a message row is not one of them). */
const CONTROL_SELECTOR =
  'button, a[href], summary, select, input, textarea, [contenteditable="true"], ' +
  '[role="button"], [role="link"], [role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"], ' +
  '[role="option"], [role="tab"], [role="checkbox"], [role="switch"], [role="radio"], [role="combobox"]';

/**
 * Whether the focused element handles this key itself, so no global shortcut may take it: Enter
 * or Space on a button, link or other control activates that control (as Zulip does), and
 * arrow keys move within a control that uses them.
 */
export function keyBelongsToFocus(event: ShortcutKey, el: Element | null): boolean {
  if (!el || !el.matches(CONTROL_SELECTOR)) return false;
  if (event.key === 'Enter' || event.key === ' ') return true;
  const arrows = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'];
  return (
    arrows.includes(event.key) && el.matches('select, [role="option"], [role="tab"], [role="radio"], [role="combobox"]')
  );
}

/** The message after (+1) or before (-1) the focused one in the list, or the first/last one. */
export function neighbourMessage(log: Element | null, step: 1 | -1): HTMLElement | null {
  if (!log) return null;
  const all = [...log.querySelectorAll<HTMLElement>('article[data-message-id]')];
  if (all.length === 0) return null;
  const current = (document.activeElement as Element | null)?.closest('article[data-message-id]');
  const at = current ? all.indexOf(current as HTMLElement) : -1;
  if (at === -1) return step === 1 ? all[0]! : all[all.length - 1]!;
  return all[Math.min(all.length - 1, Math.max(0, at + step))]!;
}

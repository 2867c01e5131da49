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
  | 'reply'
  | 'replyDm'
  | 'replyMention'
  | 'quote'
  | 'composeTopic'
  | 'composeDm'
  | 'nextUnreadTopic'
  | 'inbox'
  | 'recent'
  | 'drafts'
  | 'star'
  | 'thumbsUp'
  | 'firstReaction'
  | 'reactionPicker'
  | 'actionsMenu'
  | 'senderCard'
  | 'edit'
  | 'move'
  | 'editHistory'
  | 'escape'
  | 'help';

export interface ShortcutKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** The `?` dialog's sections, named and ordered as on Zulip's "Keyboard shortcuts" help page. */
export const SHORTCUT_GROUPS = ['The basics', 'Navigation', 'Composing messages', 'Message actions'] as const;
export type ShortcutGroup = (typeof SHORTCUT_GROUPS)[number];

/** What the dialog lists, in its order: the keys as shown, what they do, and the section. */
export const SHORTCUTS: readonly { keys: string[]; does: string; action: ShortcutAction; group: ShortcutGroup }[] = [
  { keys: ['r', 'Enter'], does: 'Reply to the selected message', action: 'reply', group: 'The basics' },
  { keys: ['c'], does: 'New topic in this channel', action: 'composeTopic', group: 'The basics' },
  { keys: ['x'], does: 'New direct message', action: 'composeDm', group: 'The basics' },
  {
    keys: ['Esc', 'Ctrl+['],
    does: 'Close, leave a text box, or go to the home view',
    action: 'escape',
    group: 'The basics',
  },
  { keys: ['?'], does: 'Show keyboard shortcuts', action: 'help', group: 'The basics' },
  { keys: ['/', 'Ctrl+K'], does: 'Search messages', action: 'search', group: 'Navigation' },
  { keys: ['j', '↓'], does: 'Next message', action: 'next', group: 'Navigation' },
  { keys: ['k', '↑'], does: 'Previous message', action: 'previous', group: 'Navigation' },
  { keys: ['Home'], does: 'First message', action: 'first', group: 'Navigation' },
  { keys: ['End', 'Shift+G'], does: 'Last message', action: 'last', group: 'Navigation' },
  { keys: ['n'], does: 'Next unread topic', action: 'nextUnreadTopic', group: 'Navigation' },
  { keys: ['Shift+I'], does: 'Inbox', action: 'inbox', group: 'Navigation' },
  { keys: ['t'], does: 'Recent conversations', action: 'recent', group: 'Navigation' },
  { keys: ['d'], does: 'Drafts', action: 'drafts', group: 'Navigation' },
  { keys: ['Shift+R'], does: 'Reply directly to the sender', action: 'replyDm', group: 'Composing messages' },
  { keys: ['@'], does: 'Reply mentioning the sender', action: 'replyMention', group: 'Composing messages' },
  { keys: ['>'], does: 'Quote the selected message', action: 'quote', group: 'Composing messages' },
  { keys: ['e'], does: 'Edit your selected message', action: 'edit', group: 'Message actions' },
  { keys: ['i'], does: 'Message actions menu', action: 'actionsMenu', group: 'Message actions' },
  { keys: [':'], does: 'Add an emoji reaction', action: 'reactionPicker', group: 'Message actions' },
  { keys: ['+'], does: 'React with 👍', action: 'thumbsUp', group: 'Message actions' },
  { keys: ['='], does: 'Toggle the first reaction', action: 'firstReaction', group: 'Message actions' },
  { keys: ['*', 'Ctrl+S'], does: 'Star or unstar the message', action: 'star', group: 'Message actions' },
  { keys: ['u'], does: 'Sender’s user card', action: 'senderCard', group: 'Message actions' },
  { keys: ['m'], does: 'Move the message or its topic', action: 'move', group: 'Message actions' },
  { keys: ['Shift+H'], does: 'Edit history', action: 'editHistory', group: 'Message actions' },
];

/** Keys without modifiers (Shift is part of the key: `I`, `R`, `*`) and what they do. */
const PLAIN_KEYS: Readonly<Record<string, ShortcutAction>> = {
  '/': 'search',
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
  G: 'last',
  r: 'reply',
  Enter: 'reply',
  R: 'replyDm',
  '@': 'replyMention',
  '>': 'quote',
  c: 'composeTopic',
  x: 'composeDm',
  n: 'nextUnreadTopic',
  I: 'inbox',
  t: 'recent',
  d: 'drafts',
  '*': 'star',
  '+': 'thumbsUp',
  '=': 'firstReaction',
  ':': 'reactionPicker',
  i: 'actionsMenu',
  u: 'senderCard',
  e: 'edit',
  m: 'move',
  H: 'editHistory',
  '?': 'help',
};

/** The action for a key press, or null; `inTextField`: focus is in an input, textarea or editable. */
export function shortcutFor(event: ShortcutKey, inTextField: boolean): ShortcutAction | null {
  if (event.key === 'Escape') return 'escape';
  const ctrl = (event.ctrlKey || event.metaKey) && !event.altKey;
  if (ctrl && event.key.toLowerCase() === 'k') return 'search';
  if (ctrl && event.key === '[') return 'escape';
  if (ctrl && event.key.toLowerCase() === 's' && !inTextField) return 'star';
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

/**
 * Zulip's keyboard shortcuts, as Parley supports them: which key does what, and the list the `?`
 * dialog shows. Keys typed into a text field belong to the field, except Escape (leave it).
 */

export type ShortcutAction =
  'search' | 'next' | 'previous' | 'reply' | 'composeTopic' | 'composeDm' | 'nextUnreadTopic' | 'escape' | 'help';

export interface ShortcutKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** What the dialog lists, in its order: the keys as shown, and what they do. */
export const SHORTCUTS: readonly { keys: string[]; does: string; action: ShortcutAction }[] = [
  { keys: ['/', 'Ctrl+K'], does: 'Search messages', action: 'search' },
  { keys: ['j', '↓'], does: 'Next message', action: 'next' },
  { keys: ['k', '↑'], does: 'Previous message', action: 'previous' },
  { keys: ['r', 'Enter'], does: 'Reply to the selected message (or the conversation)', action: 'reply' },
  { keys: ['c'], does: 'New topic in this channel', action: 'composeTopic' },
  { keys: ['x'], does: 'New direct message (pick a person)', action: 'composeDm' },
  { keys: ['n'], does: 'Next unread topic', action: 'nextUnreadTopic' },
  { keys: ['Esc'], does: 'Close this dialog, leave a text box', action: 'escape' },
  { keys: ['?'], does: 'Show these shortcuts', action: 'help' },
];

/** The action for a key press, or null; `inTextField`: focus is in an input, textarea or editable. */
export function shortcutFor(event: ShortcutKey, inTextField: boolean): ShortcutAction | null {
  if (event.key === 'Escape') return 'escape';
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') return 'search';
  if (inTextField || event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case '/':
      return 'search';
    case 'j':
    case 'ArrowDown':
      return 'next';
    case 'k':
    case 'ArrowUp':
      return 'previous';
    case 'r':
    case 'Enter':
      return 'reply';
    case 'c':
      return 'composeTopic';
    case 'x':
      return 'composeDm';
    case 'n':
      return 'nextUnreadTopic';
    case '?':
      return 'help';
    default:
      return null;
  }
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

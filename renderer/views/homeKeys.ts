/**
 * Home's keyboard: which shortcut a key press is (lib/shortcuts.ts) and running it, here for the
 * basics, in ./viewShortcuts.ts for going to another view, in ./scrollShortcuts.ts for moving
 * through the messages and in ./messageShortcuts.ts for acting on the selected message.
 */
import type { MessageView, Narrow } from '../../common/model';
import { isTextField, keyBelongsToFocus, neighbourMessage, shortcutFor, type ShortcutAction } from '../lib/shortcuts';
import type { HomeParts } from '../state/homeParts';
import type { Screen } from '../state/screen';
import { runMessageShortcut, type MessageShortcutHost } from './messageShortcuts';
import { currentRow, goToLast, scrollPage, selectEnd, selectRow } from './scrollShortcuts';
import { runViewShortcut, type ViewShortcutHost } from './viewShortcuts';

export interface HomeKeyHost extends Omit<ViewShortcutHost, 'parts'>, Omit<MessageShortcutHost, 'parts' | 'inNarrow'> {
  parts: HomeParts;
  /** The user's home view (Zulip's web_home_view): where Escape goes at last. */
  homeView: Screen;
  /** Whether the `?` list is open; another dialog or a menu handles its own keys. */
  shortcutsOpen: boolean;
  /** A confirmation is open: no shortcut runs behind it. */
  confirming: boolean;
  setShortcutsOpen(open: boolean): void;
  newDm(): void;
  replyTo(message: MessageView): void;
  open(narrow: Narrow): void;
}

const focusField = (selector: string): void => document.querySelector<HTMLElement>(selector)?.focus();

function runBasic(action: ShortcutAction, host: HomeKeyHost): boolean | null {
  const { messages, compose } = host.parts;
  const inNarrow = host.screen.kind === 'narrow';
  switch (action) {
    case 'help':
      host.setShortcutsOpen(true);
      return true;
    case 'search':
      focusField('#message-search');
      return true;
    case 'next':
    case 'previous': {
      const log = document.querySelector('[role="log"]');
      // From no selection, the first step starts at the message the view opened at.
      const from = document.activeElement?.closest('article[data-message-id]') ? null : currentRow(messages);
      return selectRow(from ?? neighbourMessage(log, action === 'next' ? 1 : -1));
    }
    case 'first':
      if (!inNarrow) return false;
      void selectEnd(messages, 'first');
      return true;
    case 'last':
      if (!inNarrow) return false;
      void goToLast(messages, host.parts.actions, host.notice);
      return true;
    case 'pageUp':
    case 'pageDown':
      return inNarrow && scrollPage(action === 'pageDown' ? 1 : -1);
    case 'reply': {
      if (!inNarrow) return false;
      const row = currentRow(messages);
      const m = messages.messages.find((x) => x.id === Number(row?.dataset['messageId']));
      if (m) host.replyTo(m);
      focusField('#compose-message');
      return true;
    }
    case 'composeTopic': {
      const narrow = messages.narrow;
      if (!inNarrow || !narrow || narrow.kind === 'dm' || narrow.kind === 'all') return false;
      compose.setNarrow({ kind: 'channel', channelId: narrow.channelId });
      setTimeout(() => focusField('#compose-topic'));
      return true;
    }
    case 'composeDm':
      host.newDm();
      return true;
    case 'escape':
      return escape(host);
    default:
      return null;
  }
}

/**
 * Escape, as Zulip: closes the `?` list, leaves a text field, and otherwise goes to the home view
 * (Inbox, Recent conversations) from anywhere else. A dialog or menu closes itself first.
 */
function escape(host: HomeKeyHost): boolean {
  if (host.shortcutsOpen) host.setShortcutsOpen(false);
  else if (isTextField(document.activeElement)) (document.activeElement as HTMLElement).blur();
  else if (host.screen.kind !== host.homeView.kind) host.go(host.homeView);
  else return false;
  return true;
}

export function runShortcut(action: ShortcutAction, host: HomeKeyHost): boolean {
  const basic = runBasic(action, host);
  if (basic !== null) return basic;
  if (runViewShortcut(action, host)) return true;
  return runMessageShortcut(action, { ...host, inNarrow: host.screen.kind === 'narrow' });
}

/** The window's keydown handler: finds the shortcut, if any, and runs it. */
export function onHomeKeydown(event: KeyboardEvent, host: HomeKeyHost): void {
  if (event.defaultPrevented || host.confirming) return;
  // A dialog other than ours (sign-out, a menu) handles its own keys; Enter on a button is the button's.
  if (!host.shortcutsOpen && document.activeElement?.closest('[role="dialog"], [role="menu"]')) return;
  if (keyBelongsToFocus(event, document.activeElement)) return;
  const field = document.activeElement;
  // ← in an empty compose box edits the user's last message, as in Zulip.
  const emptyCompose = field?.id === 'compose-message' && (field as HTMLTextAreaElement).value === '';
  const action =
    emptyCompose && event.key === 'ArrowLeft' && !event.altKey && !event.shiftKey
      ? 'editLast'
      : shortcutFor(event, isTextField(field));
  // Escape typed in a field is the field's (it may already have closed an inline editor): at most
  // it leaves the field, never the view.
  if (action === 'escape' && !host.shortcutsOpen && isTextField(event.target as Element | null)) {
    if (isTextField(document.activeElement)) (document.activeElement as HTMLElement).blur();
    event.preventDefault();
    return;
  }
  if (action && runShortcut(action, host)) event.preventDefault();
}

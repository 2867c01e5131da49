/**
 * The shortcuts that act on the selected message (the focused row of the message list) and the
 * few that only change screens, run for Home. Actions that a message's own menu already offers
 * (edit, move, history, quote, the reaction picker) go through that menu's item, so the keyboard
 * does exactly what the mouse does there.
 */
import { tick } from 'svelte';
import type { MessageView, Narrow } from '../../common/model';
import { COMMON_EMOJI } from '../lib/emoji';
import { neighbourMessage, type ShortcutAction } from '../lib/shortcuts';
import type { HomeParts } from '../state/homeParts';
import type { Screen } from '../state/screen';

export interface MessageShortcutHost {
  inNarrow: boolean;
  selfUserId: number;
  /** Home's state: its message actions and the open narrow's loaded messages. */
  parts: Pick<HomeParts, 'actions' | 'messages'>;
  go(screen: Screen): void;
  open(narrow: Narrow): void;
  openCard(userId: number): void;
  /** Puts text into compose aimed at the message's conversation and focuses it. */
  replyWith(message: MessageView, text: string): void;
  notice(text: string): void;
}

const THUMBS_UP = COMMON_EMOJI[0]!;

/** The row the keyboard selected: the one holding the focus. */
export function selectedRow(): HTMLElement | null {
  return (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('article[data-message-id]') ?? null;
}

/** Moves the selection to a row and keeps it in view. */
export function selectRow(row: HTMLElement | null): boolean {
  row?.focus();
  row?.scrollIntoView({ block: 'nearest' });
  return row !== null;
}

/** Opens the row's actions menu and, if `item` is given, chooses that item. */
async function fromMenu(row: HTMLElement, item: string | null): Promise<boolean> {
  row.querySelector<HTMLButtonElement>('button[aria-label="Message actions"]')?.click();
  await tick();
  if (item === null) return true;
  const entry = [...document.querySelectorAll<HTMLElement>('[role="menu"] [role="menuitem"]')].find(
    (el) => el.textContent?.trim() === item,
  );
  entry?.click();
  return entry !== undefined;
}

/** Runs a message or screen shortcut; false when it does not apply here (the key then does its usual). */
export function runMessageShortcut(action: ShortcutAction, host: MessageShortcutHost): boolean {
  switch (action) {
    case 'inbox':
      host.go({ kind: 'inbox' });
      return true;
    case 'recent':
      host.go({ kind: 'recent' });
      return true;
    case 'drafts':
      host.go({ kind: 'drafts' });
      return true;
    case 'first':
    case 'last': {
      if (!host.inNarrow) return false;
      const rows = [...document.querySelectorAll<HTMLElement>('[role="log"] article[data-message-id]')];
      return selectRow((action === 'first' ? rows[0] : rows[rows.length - 1]) ?? null);
    }
    default:
      break;
  }
  if (!host.inNarrow) return false;
  const row = selectedRow() ?? neighbourMessage(document.querySelector('[role="log"]'), -1);
  const message = host.parts.messages.messages.find((m) => m.id === Number(row?.dataset['messageId'])) ?? null;
  if (!row || !message) return false;
  switch (action) {
    case 'star':
      void host.parts.actions.setStarred(message, !message.starred).catch((e: unknown) => host.notice(String(e)));
      return true;
    case 'thumbsUp':
      void host.parts.actions.toggleReaction(message, THUMBS_UP).catch((e: unknown) => host.notice(String(e)));
      return true;
    case 'firstReaction': {
      const first = message.reactions[0];
      if (!first) return false;
      const emoji = { name: first.emojiName, code: first.emojiCode, type: first.reactionType };
      void host.parts.actions.toggleReaction(message, emoji).catch((e: unknown) => host.notice(String(e)));
      return true;
    }
    case 'senderCard':
      host.openCard(message.senderId);
      return true;
    case 'replyDm':
      host.open({ kind: 'dm', userIds: [message.senderId] });
      setTimeout(() => document.querySelector<HTMLElement>('#compose-message')?.focus());
      return true;
    case 'replyMention':
      host.replyWith(message, `@**${message.senderName}** `);
      return true;
    case 'actionsMenu':
      void fromMenu(row, null).then(() =>
        document.querySelector<HTMLElement>('[role="menu"] [role="menuitem"]')?.focus(),
      );
      return true;
    case 'quote':
      void fromMenu(row, 'Quote and reply');
      return true;
    case 'reactionPicker':
      void fromMenu(row, 'Add reaction');
      return true;
    case 'edit':
      if (message.senderId !== host.selfUserId) return false;
      void fromMenu(row, 'Edit message');
      return true;
    case 'move':
      void fromMenu(row, 'Move message');
      return true;
    case 'editHistory':
      if (!message.edited && !message.moved) return false;
      void fromMenu(row, 'View edit history');
      return true;
    default:
      return false;
  }
}

/**
 * The shortcuts that act on the selected message (the focused row of the message list, else the
 * one the view opened at: ./scrollShortcuts.ts), run for Home. Actions that a message's own menu already offers
 * (edit, move, history, quote, the reaction picker) go through that menu's item, so the keyboard
 * does exactly what the mouse does there.
 */
import { tick } from 'svelte';
import type { MessageView, Narrow } from '../../common/model';
import { COMMON_EMOJI } from '../lib/emoji';
import { conversationOf } from '../lib/narrow';
import type { ShortcutAction } from '../lib/shortcuts';
import type { MessageMenuHost } from '../components/messages/messageMenu';
import type { HomeParts } from '../state/homeParts';
import { currentRow, selectRow } from './scrollShortcuts';

export interface MessageShortcutHost {
  inNarrow: boolean;
  selfUserId: number;
  /** Home's state: its message actions and the open narrow's loaded messages. */
  parts: Pick<HomeParts, 'actions' | 'messages' | 'topics' | 'sidebar'>;
  open(narrow: Narrow): void;
  /** Opens a conversation and selects this message in it once it shows. */
  zoomTo(narrow: Narrow, messageId: number): void;
  openCard(userId: number): void;
  /** Puts text into compose aimed at the message's conversation and focuses it. */
  replyWith(message: MessageView, text: string): void;
  notice(text: string): void;
  /** The menu items beyond the message itself: mark unread from here, collapse. */
  menuHost: MessageMenuHost;
}

const THUMBS_UP = COMMON_EMOJI[0]!;

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
  if (!host.inNarrow) return false;
  if (action === 'editLast') return editLast(host);
  const row = currentRow(host.parts.messages);
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
      void editFromMenu(row);
      return true;
    case 'move':
      void fromMenu(row, 'Move message');
      return true;
    case 'zoom': {
      const narrow = conversationOf(message, host.selfUserId);
      if (!narrow) return false;
      host.zoomTo(narrow, message.id);
      return true;
    }
    case 'muteTopic':
      return toggleTopicMute(message, host);
    case 'markUnread':
      host.menuHost.markUnreadFrom?.(message);
      return true;
    case 'collapse':
      host.menuHost.collapse?.(message);
      return true;
    case 'viewImage': {
      // The lightbox opens on a click on the image (components/SafeHtml.svelte).
      const image = row.querySelector<HTMLElement>('.message_inline_image img');
      image?.click();
      return image !== null;
    }
    case 'editHistory':
      if (!message.edited && !message.moved) return false;
      void fromMenu(row, 'View edit history');
      return true;
    default:
      return false;
  }
}

/** ←: selects the user's newest message in the view and opens it for editing (nothing when there is none). */
function editLast(host: MessageShortcutHost): boolean {
  const own = host.parts.messages.messages.filter((m) => m.senderId === host.selfUserId && m.id > 0);
  const last = own[own.length - 1];
  const row = last ? document.querySelector<HTMLElement>(`[role="log"] article[data-message-id="${last.id}"]`) : null;
  if (!row) return false;
  selectRow(row);
  void editFromMenu(row);
  return true;
}

/** Frames to wait for the editor, which opens once the message's Markdown came from the server. */
const EDITOR_WAIT_FRAMES = 600;

/**
 * Opens the row's editor through its menu and puts the focus in it once it shows: the menu gives
 * the focus back to its ⋯ button, where typing (and Escape, which would leave the view) would go.
 */
async function editFromMenu(row: HTMLElement): Promise<void> {
  if (!(await fromMenu(row, 'Edit message'))) return;
  for (let frame = 0; frame < EDITOR_WAIT_FRAMES; frame++) {
    const editor = row.querySelector<HTMLTextAreaElement>('textarea[aria-label="Edit message"]');
    if (editor) {
      editor.focus();
      return;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/**
 * Shift+M: mutes the selected message's topic, or unmutes it (also when the channel is muted and
 * the topic is not unmuted, as the topic menu offers); a DM has no topic to mute.
 */
function toggleTopicMute(message: MessageView, host: MessageShortcutHost): boolean {
  if (message.channelId === null) return false;
  const channel = host.parts.sidebar.sidebar?.channels.find((c) => c.id === message.channelId);
  const items = host.parts.topics.menu(message.channelId, message.topic, channel?.isMuted ?? false);
  const toggle = items.find((i) => i.label === 'Mute topic' || i.label === 'Unmute topic');
  toggle?.run();
  if (toggle) host.notice(toggle.label === 'Mute topic' ? `Muted “${message.topic}”.` : `Unmuted “${message.topic}”.`);
  return toggle !== undefined;
}

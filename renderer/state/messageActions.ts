/**
 * What the user can do to a message or a narrow, as calls to main. Each method throws a
 * BridgeError on failure so the control that asked can show it beside itself; the changes
 * themselves come back as messages:flags / messages:updated / messages:removed / sidebar:changed.
 */
import type {
  ComposeTarget,
  EmojiRef,
  MarkReadScope,
  MessageEdit,
  MessageVersion,
  MessageView,
  Narrow,
} from '../../common/model';
import { describe, type BridgeClient } from '../lib/bridge';

export class MessageActions {
  constructor(
    private readonly bridge: BridgeClient,
    readonly accountId: string,
    readonly selfUserId: number,
    /** The server keeps message reminders (FL 399): "Remind me about this" is offered. */
    readonly canRemind = false,
    /** Who else is editing which message, for "… is editing" under it. */
    readonly editors: { editorsOf(messageId: number): number[] } | null = null,
  ) {}

  /** The user is editing (start, on each keystroke) or stopped editing the message; best effort. */
  editTyping(message: MessageView, op: 'start' | 'stop'): void {
    this.bridge
      .call('typing:edit', { accountId: this.accountId, messageId: message.id, op })
      .catch((error: unknown) => {
        // A lost notice only means others do not see "… is editing"; not worth interrupting.
        this.bridge.send('log:error', { message: `typing:edit failed: ${describe(error)}` });
      });
  }

  /** The Notification Bot reminds the user of this message at `at` (Unix seconds). */
  async remind(message: MessageView, at: number, note?: string): Promise<void> {
    await this.bridge.call('reminders:create', { accountId: this.accountId, messageId: message.id, at, note });
  }

  /** Adds the user's reaction, or takes it away if they already reacted with that emoji. */
  async toggleReaction(message: MessageView, emoji: EmojiRef): Promise<void> {
    const mine = message.reactions.some(
      (r) => r.emojiCode === emoji.code && r.reactionType === emoji.type && r.userIds.includes(this.selfUserId),
    );
    await this.bridge.call('messages:react', {
      accountId: this.accountId,
      messageId: message.id,
      emoji,
      op: mine ? 'remove' : 'add',
    });
  }

  async setStarred(message: MessageView, starred: boolean): Promise<void> {
    await this.bridge.call('messages:star', { accountId: this.accountId, messageIds: [message.id], starred });
  }

  /** The message's Markdown, asked of the server (messages:raw): what the edit box starts from. */
  async rawContent(message: MessageView): Promise<string> {
    const { content } = await this.bridge.call('messages:raw', { accountId: this.accountId, messageId: message.id });
    return content;
  }

  /** The message's versions for the edit-history dialog, oldest first. */
  history(message: MessageView): Promise<MessageVersion[]> {
    return this.bridge.call('messages:history', { accountId: this.accountId, messageId: message.id });
  }

  async edit(message: MessageView, edit: MessageEdit): Promise<void> {
    await this.bridge.call('messages:edit', { accountId: this.accountId, messageId: message.id, edit });
  }

  async delete(message: MessageView): Promise<void> {
    await this.bridge.call('messages:delete', { accountId: this.accountId, messageId: message.id });
  }

  async markRead(scope: MarkReadScope): Promise<number> {
    const { count } = await this.bridge.call('messages:markRead', { accountId: this.accountId, scope });
    return count;
  }

  /**
   * Messages seen on screen: answered once main's cache has them read (the server is told in a
   * batch; if it refuses, they come back unread as messages:flags).
   */
  async markSeen(ids: number[]): Promise<number> {
    const scope = { kind: 'messages', ids } as const;
    const { count } = await this.bridge.call('messages:markRead', { accountId: this.accountId, scope, seen: true });
    return count;
  }

  /** Zulip's "mark as unread from here": this message and the later ones of `narrow`. */
  async markUnreadFrom(narrow: Narrow, message: MessageView): Promise<number> {
    const args = { accountId: this.accountId, narrow, fromId: message.id };
    const { count } = await this.bridge.call('messages:markUnread', args);
    return count;
  }

  /** A refused or unsent message: new words (and optionally a new destination), queued again. */
  async editOutbox(localId: string, content: string, to?: ComposeTarget): Promise<void> {
    await this.bridge.call('outbox:edit', { accountId: this.accountId, localId, content, to });
  }

  async discardOutbox(localId: string): Promise<void> {
    await this.bridge.call('outbox:discard', { accountId: this.accountId, localId });
  }

  isOwn(message: MessageView): boolean {
    return message.senderId === this.selfUserId;
  }
}

/**
 * The message's words as plain text, from its rendered HTML: for an unsent message's edit box
 * (an echo has no server copy to ask for its Markdown).
 */
export function plainTextOf(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const paragraphs = [...doc.body.children].map((el) => el.textContent ?? '');
  return (paragraphs.length > 0 ? paragraphs.join('\n\n') : (doc.body.textContent ?? '')).trim();
}

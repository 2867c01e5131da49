/**
 * The message menu items that act beyond the message itself (components/messages/messageMenu.ts):
 * reply, mark as unread from here (held unread while the view stays open), copy the link or
 * the text, view the Markdown source, and collapse (Zulip's `-`, kept for this session).
 */
import { SvelteSet } from 'svelte/reactivity';
import type { MessageView } from '../../common/model';
import type { MessageMenuHost } from '../components/messages/messageMenu';
import { describe } from '../lib/bridge';
import { messageLink } from '../lib/quote';
import type { HomeParts } from './homeParts';
import { plainTextOf } from './messageActions';

export interface MessageMenuHostDeps {
  parts: Pick<HomeParts, 'actions' | 'messages' | 'reads' | 'sidebar'>;
  realmUrl: string;
  replyTo(message: MessageView): void;
  /** A line for the user: what happened, or why it did not. */
  notice(text: string): void;
}

export class MessageMenuHostState implements MessageMenuHost {
  readonly collapsed = new SvelteSet<number>();
  /** The message whose Markdown source is shown, with the text once it came. */
  source = $state<{ message: MessageView; text: string | null; error: string | null } | null>(null);

  constructor(private readonly d: MessageMenuHostDeps) {}

  reply = (message: MessageView): void => {
    this.d.replyTo(message);
    setTimeout(() => document.querySelector<HTMLElement>('#compose-message')?.focus());
  };

  markUnreadFrom = (message: MessageView): void => {
    const { messages, reads } = this.d.parts;
    const narrow = messages.narrow;
    if (!narrow) return;
    reads.markUnreadFrom(narrow, message, messages.messages).then(
      (count) => this.d.notice(count === 1 ? 'Marked 1 message as unread.' : `Marked ${count} messages as unread.`),
      (error: unknown) => this.d.notice(`Could not mark the messages unread. ${describe(error)}`),
    );
  };

  copyLink = (message: MessageView): void => {
    this.#copy(messageLink(this.d.realmUrl, message, this.d.parts.sidebar.sidebar), 'Copied the link to the message.');
  };

  copyText = (message: MessageView): void => {
    this.#copy(plainTextOf(message.contentHtml), 'Copied the message text.');
  };

  viewSource = (message: MessageView): void => {
    this.source = { message, text: null, error: null };
    this.d.parts.actions.rawContent(message).then(
      (text) => {
        if (this.source?.message.id === message.id) this.source = { message, text, error: null };
      },
      (error: unknown) => {
        if (this.source?.message.id === message.id) this.source = { message, text: null, error: describe(error) };
      },
    );
  };

  collapse = (message: MessageView): void => {
    if (this.collapsed.has(message.id)) this.collapsed.delete(message.id);
    else this.collapsed.add(message.id);
  };

  isCollapsed = (message: MessageView): boolean => this.collapsed.has(message.id);

  #copy(text: string, done: string): void {
    navigator.clipboard.writeText(text).then(
      () => this.d.notice(done),
      () => this.d.notice('Parley could not reach the clipboard.'),
    );
  }
}

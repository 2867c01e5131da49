/**
 * The words of a system notification, once the policy has said to show one. Title: who wrote,
 * and where ("Alice (#design > logo)", "Alice (to you)"). Body: the message as plain text, or
 * only "New direct message from Alice" when the user turned off
 * pm_content_in_desktop_notifications (the content may be private; a notification is on screen
 * for anyone nearby).
 */
import { htmlToText } from './html-text';

export type NotificationTextDestination =
  | { kind: 'channel'; channelName: string; topic: string }
  /** Names of the DM's other participants, without the sender and without the user. */
  | { kind: 'dm'; otherRecipientNames: readonly string[] };

export interface NotificationTextInput {
  senderName: string;
  to: NotificationTextDestination;
  /** The message's rendered HTML, as the server sends it in `content`. */
  contentHtml: string;
  /** The server's is_me_message: content is "/me does something". */
  isMeMessage?: boolean;
  /** user_settings.pm_content_in_desktop_notifications. */
  pmContentInDesktopNotifications: boolean;
  /** realm_empty_topic_display_name, for messages in the empty ("general chat") topic. */
  emptyTopicDisplayName?: string;
}

export interface NotificationText {
  title: string;
  body: string;
}

/** Platforms cut long bodies anyway; cutting here keeps huge messages out of the OS's queue. */
export const MAX_BODY_CHARS = 300;
/** Past this, a group DM title counts the other participants instead of naming them. */
const MAX_TITLE_NAMES_CHARS = 50;

const listFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

function title(input: NotificationTextInput): string {
  const { senderName, to } = input;
  if (to.kind === 'channel') {
    const topic = to.topic === '' ? (input.emptyTopicDisplayName ?? 'general chat') : to.topic;
    return `${senderName} (#${to.channelName} > ${topic})`;
  }
  if (to.otherRecipientNames.length === 0) return `${senderName} (to you)`;
  const names = listFormat.format(to.otherRecipientNames);
  if (senderName.length + names.length > MAX_TITLE_NAMES_CHARS) {
    return `${senderName} (to you and ${to.otherRecipientNames.length} more)`;
  }
  return `${senderName} (to you and ${names})`;
}

function truncate(text: string): string {
  const chars = [...text];
  if (chars.length <= MAX_BODY_CHARS) return text;
  return `${chars
    .slice(0, MAX_BODY_CHARS - 1)
    .join('')
    .trimEnd()}…`;
}

function body(input: NotificationTextInput): string {
  if (input.to.kind === 'dm' && !input.pmContentInDesktopNotifications) {
    return `New direct message from ${input.senderName}`;
  }
  const { text, hasAttachment } = htmlToText(input.contentHtml);
  if (text === '') return hasAttachment ? '(attached file)' : '';
  if (input.isMeMessage && text.startsWith('/me')) return truncate(`${input.senderName}${text.slice('/me'.length)}`);
  return truncate(text);
}

/** Title and body for a message the policy said to notify about. */
export function notificationText(input: NotificationTextInput): NotificationText {
  return { title: title(input), body: body(input) };
}

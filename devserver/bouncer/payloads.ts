/**
 * Notification payloads in the format main/push/README.md documents (the plaintext the server
 * seals to a device): `test`, and `message` built from a message the user received.
 */
import { nowSeconds, type App } from '../app';
import { badRequest } from '../http/errors';
import type { UserRow } from '../store/rows';

/** Zulip shortens notification text; clients show a preview, not the message. */
const MAX_CONTENT_CHARS = 200;

function common(app: App, user: UserRow): Record<string, unknown> {
  return { realm_url: app.baseUrl, realm_name: app.store.realm.get().name, user_id: user.id };
}

export function testPayload(app: App, user: UserRow): Record<string, unknown> {
  return { ...common(app, user), type: 'test', time: nowSeconds() };
}

/** A `message` payload for a message the user received; BAD_REQUEST for any other ID. */
export function messagePayload(app: App, user: UserRow, messageId: number): Record<string, unknown> {
  const received = app.store.messages.flagsFor(user.id, [messageId]).has(messageId);
  const message = received ? app.store.messages.byIds([messageId])[0] : undefined;
  if (!message) throw badRequest('Invalid message(s)');
  const sender = app.store.users.byId(message.sender_id);
  const content =
    message.content.length > MAX_CONTENT_CHARS
      ? `${message.content.slice(0, MAX_CONTENT_CHARS - 1)}…`
      : message.content;
  const base = {
    ...common(app, user),
    type: 'message',
    message_id: message.id,
    sender_id: message.sender_id,
    sender_full_name: sender?.full_name ?? 'Unknown user',
    content,
    time: message.date_sent,
  };
  if (message.channel_id !== null) {
    const channel = app.store.channels.byId(message.channel_id);
    return {
      ...base,
      recipient_type: 'channel',
      channel_id: message.channel_id,
      channel_name: channel?.name ?? '',
      topic: message.topic,
    };
  }
  const others = app.store.recipients.participants(message.recipient_id).filter((id) => id !== user.id);
  return { ...base, recipient_type: 'direct', recipient_user_ids: others };
}

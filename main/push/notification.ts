/**
 * Reading an end-to-end encrypted notification. What reaches the device (through FCM/APNs, or the
 * dev server's test hook) is the envelope {push_account_id, encrypted_data}; encrypted_data is a
 * base64 sealed box, made by the chat server with the account's push public key, of the JSON
 * payload described in README.md. The bouncer relays it without being able to read it.
 */
import * as z from 'zod';
import { fromBase64 } from './base64';
import { PushError } from './errors';
import type { PushIdentity } from './keys';
import { openSealedBox } from './sealedBox';

const id = z.number().int();

export const NotificationEnvelope = z.looseObject({
  push_account_id: z.union([id, z.string().regex(/^\d+$/).transform(Number)]),
  encrypted_data: z.string(),
});

const common = {
  realm_url: z.string(),
  realm_name: z.string().optional(),
  /** The recipient: the signed-in user of the account the notification is for. */
  user_id: id,
};

/** A new message worth notifying about. `content` is plain text, possibly shortened by the server. */
export const MessageNotification = z.looseObject({
  ...common,
  type: z.literal('message'),
  message_id: id,
  sender_id: id,
  sender_full_name: z.string(),
  recipient_type: z.enum(['channel', 'direct']),
  channel_id: id.optional(),
  channel_name: z.string().optional(),
  topic: z.string().optional(),
  /** Direct messages: everyone in the conversation except the recipient. */
  recipient_user_ids: z.array(id).optional(),
  content: z.string(),
  time: id,
});

/** These messages were read or deleted: take their notifications down. */
export const RemoveNotification = z.looseObject({ ...common, type: z.literal('remove'), message_ids: z.array(id) });

/** Sent on request to show that notifications reach this device. */
export const TestNotification = z.looseObject({ ...common, type: z.literal('test'), time: id });

export const NotificationPayload = z.discriminatedUnion('type', [
  MessageNotification,
  RemoveNotification,
  TestNotification,
]);
export type NotificationPayload = z.infer<typeof NotificationPayload>;

/** Which account a pushed envelope is for, so the caller can pick the identity; null if it is not an envelope. */
export function notificationAccountId(envelope: unknown): number | null {
  const parsed = NotificationEnvelope.safeParse(envelope);
  return parsed.success ? parsed.data.push_account_id : null;
}

function bad(why: string): PushError {
  return new PushError('bad-notification', `A push notification could not be read: ${why}.`);
}

/** Decrypts and checks a pushed envelope with the account's identity; any problem is PushError('bad-notification'). */
export function decryptNotification(envelope: unknown, identity: PushIdentity): NotificationPayload {
  const parsed = NotificationEnvelope.safeParse(envelope);
  if (!parsed.success) throw bad('it is not a {push_account_id, encrypted_data} envelope');
  if (parsed.data.push_account_id !== identity.pushAccountId) throw bad('it is addressed to a different account');
  const sealed = fromBase64(parsed.data.encrypted_data);
  if (!sealed) throw bad('encrypted_data is not standard base64');
  const plain = openSealedBox(sealed, identity.publicKey, identity.secretKey);
  if (!plain) throw bad('it was not encrypted to this account’s key, or was altered');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
  } catch {
    throw bad('the decrypted payload is not UTF-8 JSON');
  }
  const payload = NotificationPayload.safeParse(json);
  if (!payload.success) {
    const field = payload.error.issues[0]?.path.join('.') || 'type';
    throw bad(`the payload does not match the expected format (field ${field})`);
  }
  return payload.data;
}

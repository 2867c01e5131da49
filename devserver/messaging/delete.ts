import type { App } from '../app';
import type { EventQueue } from '../events/queue';
import { topicForQueue } from '../events/topic_names';
import { badRequest } from '../http/errors';
import type { ChannelRow, MessageRow, UserRow } from '../store/rows';
import { accessMessage, audienceOf } from './access';
import { MessagePermissions } from './permissions';

/**
 * Who may delete a message (Zulip's validate_can_delete_message): anyone in the organization's or
 * the channel's can_delete_any_message_group; otherwise its sender (or the owner of the bot that
 * sent it) while in can_delete_own_message_group and within the deletion time limit.
 */
export function checkCanDelete(
  app: App,
  user: UserRow,
  row: MessageRow,
  channel: ChannelRow | undefined,
  now: number,
): void {
  const perms = new MessagePermissions(app.store, user);
  if (perms.canDeleteAny(channel)) return;
  const sender = app.store.users.byId(row.sender_id);
  const own = row.sender_id === user.id || sender?.bot_owner_id === user.id;
  if (!own || !perms.canDeleteOwn(channel)) throw badRequest("You don't have permission to delete this message");
  const limit = perms.policy.deleteLimitSeconds;
  if (limit !== null && now - row.date_sent > limit) {
    throw badRequest('The time limit for deleting this message has passed');
  }
}

/** DELETE /messages/{id}: access, permission, then the deletion and its events. */
export function deleteMessageAsUser(app: App, user: UserRow, messageId: number, now: number): void {
  const { row, channel } = accessMessage(app.store, user, messageId);
  checkCanDelete(app, user, row, channel, now);
  deleteMessages(app, [row]);
}

/**
 * Deletes messages of one conversation and sends delete_message to everyone who could see them:
 * one event listing all IDs to clients with bulk_message_deletion, one event per message to the
 * others, as Zulip's event server does.
 */
export function deleteMessages(app: App, rows: readonly MessageRow[]): void {
  const [first] = rows;
  if (!first) return;
  const audience = audienceOf(app.store, rows);
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  app.store.transaction(() => app.store.messageChanges.delete(ids));
  publishDeletion(app, audience, ids, first);
}

/** The delete_message events for messages of one conversation (also used when access is lost). */
export function publishDeletion(app: App, userIds: Iterable<number>, ids: number[], sample: MessageRow): void {
  const realm = app.store.realm.get();
  const users = [...userIds];
  const base = (queue: EventQueue): Record<string, unknown> =>
    sample.channel_id === null
      ? { message_type: 'private' }
      : { message_type: 'stream', stream_id: sample.channel_id, topic: topicForQueue(queue, sample.topic, realm) };
  const bulk = (queue: EventQueue): boolean => queue.spec.capabilities['bulk_message_deletion'] === true;
  app.queues.publish(users, 'delete_message', (queue) =>
    bulk(queue) ? { type: 'delete_message', message_ids: ids, ...base(queue) } : null,
  );
  for (const id of ids) {
    app.queues.publish(users, 'delete_message', (queue) =>
      bulk(queue) ? null : { type: 'delete_message', message_id: id, ...base(queue) },
    );
  }
}

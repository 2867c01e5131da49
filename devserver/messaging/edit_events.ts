import type { App } from '../app';
import { topicForQueue } from '../events/topic_names';
import { flagNames } from '../store/flags';
import { ROLE } from '../store/rows';
import type { EditRequest } from './edit_request';

/**
 * Who hears about an edit, and with which flags (Zulip's users_to_be_notified): everyone who
 * holds a row for the edited message, with their own flags; and, in channels with shared history,
 * the destination's subscribers (and, after a channel move, the origin's) with ["read"], except
 * people who lost access and guests who only now see the channel.
 */
export function editAudience(app: App, request: EditRequest, losingAccess: ReadonlySet<number>): Map<number, string[]> {
  const store = app.store;
  const audience = new Map<number, string[]>();
  for (const [userId, bits] of store.messageChanges.receivers(request.message.id)) {
    if (!losingAccess.has(userId)) audience.set(userId, flagNames(bits));
  }
  const { origChannel, targetChannel } = request;
  if (!origChannel || !targetChannel || origChannel.history_public_to_subscribers !== 1) return audience;
  const target = store.channels.subscribers(targetChannel.id);
  const origin = new Set(store.channels.subscribers(origChannel.id));
  const extra = new Set(target);
  if (request.channelChanged) {
    for (const id of origin) extra.add(id);
    for (const id of target) if (!origin.has(id) && store.users.byId(id)?.role === ROLE.guest) extra.delete(id);
  }
  for (const id of extra) if (!audience.has(id) && !losingAccess.has(id)) audience.set(id, ['read']);
  return audience;
}

/** Sends update_message with each user's flags; topics follow each queue's empty_topic_name choice. */
export function publishUpdate(app: App, event: Record<string, unknown>, audience: Map<number, string[]>): void {
  const realm = app.store.realm.get();
  app.queues.publish(audience.keys(), 'update_message', (queue) => {
    const copy: { type: string; [field: string]: unknown } = {
      ...event,
      type: 'update_message',
      flags: audience.get(queue.spec.userId) ?? [],
    };
    for (const field of ['orig_subject', 'subject']) {
      if (typeof copy[field] === 'string') copy[field] = topicForQueue(queue, copy[field] as string, realm);
    }
    return copy;
  });
}

import type { App } from '../app';
import { topicForQueue } from '../events/topic_names';
import { MENTION_MASK } from '../store/flags';
import { VISIBILITY } from '../store/user_topics';

interface Details {
  type: 'stream' | 'private';
  mentioned?: true;
  user_ids?: number[];
  stream_id?: number;
  topic?: string;
  unmuted_stream_msg?: boolean;
}

/**
 * The update_message_flags event, to every queue of the user. Marking messages unread adds
 * message_details (what a client needs to put them back into its unread counts); Zulip sends
 * `op` and the deprecated `operation` with the same value.
 */
export function publishFlagChange(
  app: App,
  userId: number,
  update: { op: 'add' | 'remove'; flag: string },
  messages: number[],
  all: boolean,
): void {
  const details = update.flag === 'read' && update.op === 'remove' ? unreadDetails(app, userId, messages) : null;
  const realm = app.store.realm.get();
  app.queues.publish([userId], 'update_message_flags', (queue) => {
    const event: { type: string; [field: string]: unknown } = {
      type: 'update_message_flags',
      op: update.op,
      operation: update.op,
      flag: update.flag,
      messages,
      all,
    };
    if (details) {
      event['message_details'] = Object.fromEntries(
        [...details].map(([id, d]) => [
          String(id),
          d.topic === undefined ? d : { ...d, topic: topicForQueue(queue, d.topic, realm) },
        ]),
      );
    }
    return event;
  });
}

function unreadDetails(app: App, userId: number, ids: number[]): Map<number, Details> {
  const rows = app.store.messages.byIds(ids);
  const flags = app.store.messages.flagsFor(userId, ids);
  const subs = new Map(app.store.channels.subscriptionsOf(userId).map((sub) => [sub.channel_id, sub]));
  const details = new Map<number, Details>();
  for (const row of rows) {
    const mentioned = ((flags.get(row.id) ?? 0) & MENTION_MASK) !== 0 ? { mentioned: true as const } : {};
    if (row.channel_id === null) {
      const others = app.store.recipients.participants(row.recipient_id).filter((id) => id !== userId);
      details.set(row.id, { type: 'private', user_ids: others, ...mentioned });
      continue;
    }
    const policy = app.store.userTopics.policy(userId, row.channel_id, row.topic);
    const channelMuted = subs.get(row.channel_id)?.is_muted === 1;
    const unmuted = channelMuted
      ? policy === VISIBILITY.unmuted || policy === VISIBILITY.followed
      : policy !== VISIBILITY.muted;
    details.set(row.id, {
      type: 'stream',
      stream_id: row.channel_id,
      topic: row.topic,
      unmuted_stream_msg: unmuted,
      ...mentioned,
    });
  }
  return details;
}

import type { App } from '../app';
import type { WrittenMessage } from '../messaging/write';
import type { UserRow } from '../store/rows';
import { MessageFormatter } from '../views/messages';
import { matchesQueueNarrow } from './queue_narrow';
import type { EventQueue } from './queue';

export interface SentBy {
  sender: UserRow;
  /** The sender's queue_id and local_id, for the local-echo field of that one queue's event. */
  queueId: string | undefined;
  localId: string | undefined;
}

/**
 * Fans a new message out as `message` events: every queue of every receiver gets one, with that
 * user's flags and in the format the queue registered for (HTML or Markdown, empty-topic name).
 * Queues registered with all_public_streams also see public channel messages they did not get.
 * Only the queue named by the sender's queue_id carries the local echo ID.
 */
export function publishMessage(app: App, written: WrittenMessage, sentBy: SentBy): void {
  const [row] = app.store.messages.byIds([written.id]);
  if (!row) return;
  const formatter = new MessageFormatter(app.store, app.baseUrl);
  const channel = row.channel_id === null ? undefined : app.store.channels.byId(row.channel_id);
  const isPublic = channel !== undefined && channel.invite_only === 0;
  const variants = new Map<string, Record<string, unknown>>();
  const messageFor = (queue: EventQueue): Record<string, unknown> => {
    const applyMarkdown = queue.spec.applyMarkdown;
    const allowEmptyTopicName = queue.spec.capabilities['empty_topic_name'] === true;
    const key = `${applyMarkdown}/${allowEmptyTopicName}`;
    let message = variants.get(key);
    if (!message) {
      // Zulip's message events carry the receiver's flags beside the message, not inside it.
      const { flags: _inEventInstead, ...formatted } = formatter.format(row, [], [], {
        applyMarkdown,
        allowEmptyTopicName,
      });
      message = formatted;
      variants.set(key, message);
    }
    return message;
  };

  app.queues.publish(
    written.receivers.keys(),
    'message',
    (queue) => {
      const bits = written.receivers.get(queue.spec.userId);
      const flags = MessageFormatter.flags(bits);
      const message = messageFor(queue);
      // The narrow may test flags (is:starred); the event carries them beside the message, not in it.
      if (!matchesQueueNarrow(queue.spec.narrow, { ...message, flags }, app)) return null;
      const event: { type: string; [field: string]: unknown } = { type: 'message', message, flags };
      if (sentBy.queueId === queue.id && sentBy.localId !== undefined && queue.spec.userId === sentBy.sender.id) {
        // Zulip names the field local_message_id; api-v1.md calls it local_id. Both are sent.
        event['local_message_id'] = sentBy.localId;
        event['local_id'] = sentBy.localId;
      }
      return event;
    },
    (queue) => isPublic && queue.spec.allPublicStreams,
  );
}

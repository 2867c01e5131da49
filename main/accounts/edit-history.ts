/**
 * A message's versions for the edit-history dialog, built from the message as the server has it
 * now and its edit_history (newest first, each entry saying what the step replaced): walking back
 * from today's content and topic gives the state after every step, and the original.
 */
import type { MessageVersion } from '../../common/model';
import type { Message } from '../api/schemas/message';

export function messageVersions(message: Message): MessageVersion[] {
  let content = message.content;
  let topic = message.subject;
  let channelId = message.stream_id ?? null;
  const newestFirst: MessageVersion[] = [];
  for (const entry of message.edit_history ?? []) {
    const contentChanged = entry.prev_rendered_content !== undefined;
    const version: MessageVersion = {
      timestamp: entry.timestamp,
      userId: entry.user_id,
      kind: 'edit',
      contentHtml: contentChanged ? content : null,
      topic,
      channelId,
    };
    if (entry.prev_topic !== undefined && entry.prev_topic !== topic) version.prevTopic = entry.prev_topic;
    if (entry.prev_stream !== undefined && entry.prev_stream !== channelId) version.prevChannelId = entry.prev_stream;
    newestFirst.push(version);
    if (contentChanged) content = entry.prev_rendered_content!;
    if (entry.prev_topic !== undefined) topic = entry.prev_topic;
    if (entry.prev_stream !== undefined) channelId = entry.prev_stream;
  }
  const original: MessageVersion = {
    timestamp: message.timestamp,
    userId: message.sender_id,
    kind: 'original',
    contentHtml: content,
    topic,
    channelId,
  };
  return [original, ...newestFirst.reverse()];
}

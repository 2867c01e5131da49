import type { MentionDirectory } from '../markdown/directory';
import { renderMarkdown, type Rendered } from '../markdown/render';
import { FLAG_BITS } from '../store/flags';
import type { ChannelRow } from '../store/rows';
import type { Store } from '../store/store';
import { usersAlerted } from './alert_words';
import { topicParticipants } from './wildcards';

export type Destination =
  { kind: 'channel'; channel: ChannelRow; topic: string } | { kind: 'direct'; userIds: number[] };

export interface MessageToWrite {
  senderId: number;
  destination: Destination;
  /** Markdown source, already normalized (trimmed, length-limited). */
  content: string;
  /** The content's rendering, when the caller already made it (e.g. to check mentions first). */
  rendered?: Rendered;
  dateSent: number;
  client: string;
  readBySender: boolean;
  directory: MentionDirectory;
  /** Extra flag bits per receiver (the seed uses this for read and starred states). */
  extraFlags?: (userId: number) => number;
  /** What the seeds already know, so that 300k messages do not query it 300k times. */
  known?: { channelSubscribers?: readonly number[]; alertWords?: Map<number, string[]> };
  editHistory?: unknown[];
  lastEditTimestamp?: number;
  lastMovedTimestamp?: number;
}

export interface WrittenMessage {
  id: number;
  recipientId: number;
  /** Every user who received the message, with their flag bits. */
  receivers: Map<number, number>;
}

/**
 * Stores a message and one user_messages row per receiver: a channel's active subscribers plus
 * the sender, or a direct conversation's participants. Mention flags come from rendering:
 * @-mentioned users get `mentioned`, @**all** flags everyone, @**topic** flags the topic's
 * earlier participants (senders and reactors); a receiver's own alert words in the content give
 * them `has_alert_word` (the sender's too, as on Zulip). Shared by POST /messages and the seeds, so
 * both produce the same data.
 */
export function writeMessage(store: Store, msg: MessageToWrite): WrittenMessage {
  const rendered = msg.rendered ?? renderMarkdown(msg.content, msg.directory);
  const destination = msg.destination;
  const recipientId =
    destination.kind === 'channel'
      ? destination.channel.recipient_id
      : store.recipients.direct([...destination.userIds, msg.senderId]);
  const receiverIds =
    destination.kind === 'channel'
      ? new Set([
          ...(msg.known?.channelSubscribers ?? store.channels.subscribers(destination.channel.id)),
          msg.senderId,
        ])
      : new Set(store.recipients.participants(recipientId));
  const topic = destination.kind === 'channel' ? destination.topic : '';
  const participants =
    rendered.topicWildcard && destination.kind === 'channel'
      ? topicParticipants(store, recipientId, topic)
      : new Set<number>();

  const id = store.messages.insert({
    sender_id: msg.senderId,
    recipient_id: recipientId,
    channel_id: destination.kind === 'channel' ? destination.channel.id : null,
    topic,
    content: msg.content,
    rendered_content: rendered.html,
    date_sent: msg.dateSent,
    client: msg.client,
    is_me_message: rendered.isMeMessage,
    last_edit_timestamp: msg.lastEditTimestamp ?? null,
    last_moved_timestamp: msg.lastMovedTimestamp ?? null,
    edit_history: msg.editHistory ?? null,
  });

  const alerted = usersAlerted(msg.content, msg.known?.alertWords ?? store.records.alertWords.byUser(), receiverIds);
  const receivers = new Map<number, number>();
  for (const userId of receiverIds) {
    let flags = msg.extraFlags?.(userId) ?? 0;
    if (userId === msg.senderId && msg.readBySender) flags |= FLAG_BITS.read;
    if (rendered.mentionedUserIds.has(userId)) flags |= FLAG_BITS.mentioned;
    if (rendered.channelWildcard) flags |= FLAG_BITS.stream_wildcard_mentioned;
    if (participants.has(userId)) flags |= FLAG_BITS.topic_wildcard_mentioned;
    if (alerted.has(userId)) flags |= FLAG_BITS.has_alert_word;
    store.messages.deliver(userId, id, flags);
    receivers.set(userId, flags);
  }
  return { id, recipientId, receivers };
}

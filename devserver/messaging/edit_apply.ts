import { canReadHistory } from '../access';
import { FLAG_BITS } from '../store/flags';
import type { MessageRow, UserRow } from '../store/rows';
import type { Store } from '../store/store';
import { usersAlerted } from './alert_words';
import { isMoved, type EditRequest } from './edit_request';
import { topicParticipants } from './wildcards';

/** What an applied edit changed, for events, user-topic updates and notifications. */
export interface AppliedEdit {
  /** Every message the edit changed, ascending (the target first among equals). */
  changedIds: number[];
  timestamp: number;
  /** The update_message event fields shared by every recipient (flags are added per user). */
  event: Record<string, unknown>;
}

/** The flags a content edit recomputes from the new text. */
const CONTENT_BITS =
  FLAG_BITS.mentioned |
  FLAG_BITS.stream_wildcard_mentioned |
  FLAG_BITS.topic_wildcard_mentioned |
  FLAG_BITS.has_alert_word;

/**
 * Writes an edit: new content (re-rendered, mention flags recomputed for every receiver) and/or
 * a new place for the target and, per propagate_mode, the later or all messages of its topic.
 * Each changed message gets an edit_history entry, newest first; moves set last_moved_timestamp
 * unless they only resolve or unresolve the topic, content edits set last_edit_timestamp.
 */
export function applyEdit(store: Store, user: UserRow, request: EditRequest, now: number): AppliedEdit {
  const { message, origChannel, content } = request;
  const event: Record<string, unknown> = {
    type: 'update_message',
    user_id: user.id,
    edit_timestamp: now,
    message_id: message.id,
    rendering_only: false,
  };
  const entry: Record<string, unknown> = { user_id: user.id, timestamp: now };
  if (content) {
    Object.assign(entry, { prev_content: message.content, prev_rendered_content: message.rendered_content });
    Object.assign(event, {
      orig_content: message.content,
      orig_rendered_content: message.rendered_content,
      content: content.source,
      rendered_content: content.rendered.html,
      is_me_message: content.rendered.isMeMessage,
    });
  }
  if (origChannel) Object.assign(event, { stream_name: origChannel.name, stream_id: origChannel.id });
  if (isMoved(request)) event['propagate_mode'] = request.propagateMode;
  const moveEntry: Record<string, unknown> = { user_id: user.id, timestamp: now };
  if (request.channelChanged && request.targetChannel) {
    Object.assign(moveEntry, { prev_stream: origChannel?.id, stream: request.targetChannel.id });
    Object.assign(event, { orig_subject: message.topic, new_stream_id: request.targetChannel.id });
  }
  if (request.topicChanged) {
    Object.assign(moveEntry, { prev_topic: message.topic, topic: request.targetTopic });
    Object.assign(event, { orig_subject: message.topic, subject: request.targetTopic, topic_links: [] });
  }
  Object.assign(entry, moveEntry);

  const changedIds = isMoved(request) ? idsToMove(store, user, request) : [message.id];
  const realMove = request.channelChanged || (request.topicChanged && !request.resolved && !request.unresolved);
  const target = request.targetChannel;
  store.transaction(() => {
    if (content) {
      store.messageChanges.setContent(message.id, {
        content: content.source,
        rendered_content: content.rendered.html,
        is_me_message: content.rendered.isMeMessage,
        last_edit_timestamp: now,
        edit_history: [entry, ...history(message)],
      });
      updateMentionFlags(store, message, request);
    }
    if (isMoved(request) && target) {
      for (const row of store.messages.byIds(changedIds)) {
        store.messageChanges.relocate(row.id, {
          recipient_id: target.recipient_id,
          channel_id: target.id,
          topic: request.targetTopic,
          last_moved_timestamp: realMove ? now : null,
          // The target's entry was written with its content change above; the rest get the move only.
          edit_history: row.id === message.id && content ? history(row) : [moveEntry, ...history(row)],
        });
      }
    }
  });
  event['message_ids'] = changedIds;
  return { changedIds, timestamp: now, event };
}

function history(row: MessageRow): unknown[] {
  return row.edit_history === null ? [] : (JSON.parse(row.edit_history) as unknown[]);
}

/**
 * The target, plus the later or all messages of its topic for change_later / change_all. Users
 * who cannot read the channel's whole history only move messages they received.
 */
function idsToMove(store: Store, user: UserRow, request: EditRequest): number[] {
  const { message, origChannel } = request;
  if (request.propagateMode === 'change_one' || !origChannel) return [message.id];
  const from = request.propagateMode === 'change_later' ? message.id : 0;
  let ids = store.messageChanges.topicIds(message.recipient_id, message.topic, from);
  if (!canReadHistory(user, origChannel, store.channels.subscription(user.id, origChannel.id))) {
    const received = store.messages.flagsFor(user.id, ids);
    ids = ids.filter((id) => received.has(id) || id === message.id);
  }
  return [...new Set([...ids, message.id])].sort((a, b) => a - b);
}

/** Recomputes mention and alert-word flags after a content edit, as Zulip's update_user_message_flags does. */
function updateMentionFlags(store: Store, message: MessageRow, request: EditRequest): void {
  const rendered = request.content!.rendered;
  const participants =
    rendered.topicWildcard && request.origChannel
      ? topicParticipants(store, message.recipient_id, message.topic)
      : new Set<number>();
  const receivers = store.messageChanges.receivers(message.id);
  const alerted = usersAlerted(request.content!.source, store.records.alertWords.byUser(), receivers.keys());
  for (const [userId, bits] of receivers) {
    let next = bits & ~CONTENT_BITS;
    if (rendered.mentionedUserIds.has(userId)) next |= FLAG_BITS.mentioned;
    if (rendered.channelWildcard) next |= FLAG_BITS.stream_wildcard_mentioned;
    if (participants.has(userId)) next |= FLAG_BITS.topic_wildcard_mentioned;
    if (alerted.has(userId)) next |= FLAG_BITS.has_alert_word;
    if (next !== bits) store.messageChanges.setFlags(userId, message.id, next);
  }
}

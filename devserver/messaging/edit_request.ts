import { createHash } from 'node:crypto';
import { canPostTo } from '../access';
import { ApiError, badRequest } from '../http/errors';
import { LIMITS } from '../limits';
import { renderMarkdown, type Rendered } from '../markdown/render';
import type { ChannelRow, MessageRow, RealmRow, UserRow } from '../store/rows';
import type { Store } from '../store/store';
import { storeDirectory } from './directory';
import { normalizeContent, topicsPolicy } from './normalize';

export const RESOLVED_PREFIX = '✔ ';
export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface EditInput {
  topic: string | undefined;
  channelId: number | undefined;
  content: string | undefined;
  propagateMode: PropagateMode;
  prevContentSha256: string | undefined;
}

/** What a PATCH /messages/{id} asks for, validated; permissions are checked separately. */
export interface EditRequest {
  message: MessageRow;
  origChannel: ChannelRow | undefined;
  /** New Markdown and its rendering, when the content changes. */
  content: { source: string; rendered: Rendered } | undefined;
  targetChannel: ChannelRow | undefined;
  targetTopic: string;
  topicChanged: boolean;
  channelChanged: boolean;
  /** The topic change only adds or removes the "✔ " prefix. */
  resolved: boolean;
  unresolved: boolean;
  propagateMode: PropagateMode;
}

export const isMoved = (r: EditRequest): boolean => r.topicChanged || r.channelChanged;

/** A topic as Zulip reads it from an edit: trimmed, the display name read as "", truncated. */
function editTopic(raw: string, realm: RealmRow): string {
  const topic = raw.trim();
  const bad = [...topic].findIndex((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (bad >= 0) throw badRequest(`Invalid character in topic, at position ${bad + 1}!`);
  if (topic === '(no topic)' || topic === realm.empty_topic_display_name) return '';
  const chars = [...topic];
  return chars.length > LIMITS.max_topic_length ? chars.slice(0, LIMITS.max_topic_length - 3).join('') + '...' : topic;
}

/**
 * Validates an edit the way Zulip's validate_message_edit_payload and build_message_edit_request
 * do: something must change, direct messages only change content, content and channel are never
 * changed together, resolving the empty topic is refused, and the target channel's topics_policy
 * holds. Content edits are rendered here (with the original sender's mention context).
 */
export function buildEditRequest(
  store: Store,
  user: UserRow,
  message: MessageRow,
  origChannel: ChannelRow | undefined,
  input: EditInput,
): EditRequest {
  const realm = store.realm.get();
  let topic = input.topic === undefined ? undefined : editTopic(input.topic, realm);
  if (topic === message.topic) topic = undefined;
  const { channelId, content, propagateMode } = input;
  if (topic === undefined && content === undefined && channelId === undefined) throw badRequest('Nothing to change');
  if (!origChannel) {
    if (channelId !== undefined) throw badRequest('Direct messages cannot be moved to channels.');
    if (topic !== undefined) throw badRequest('Direct messages cannot have topics.');
  }
  if (propagateMode !== 'change_one' && topic === undefined && channelId === undefined) {
    throw badRequest('Invalid propagate_mode without topic edit');
  }
  if (topic === RESOLVED_PREFIX.trim() || topic === `${RESOLVED_PREFIX}${realm.empty_topic_display_name}`) {
    throw badRequest('General chat cannot be marked as resolved');
  }
  if (channelId !== undefined && content !== undefined) {
    throw badRequest('Cannot change message content while changing channel');
  }
  if (input.prevContentSha256 !== undefined) {
    const actual = createHash('sha256').update(message.content).digest('hex');
    if (actual !== input.prevContentSha256) {
      throw new ApiError(400, 'EXPECTATION_MISMATCH', "'prev_content_sha256' value does not match the expected value.");
    }
  }

  let edited: EditRequest['content'];
  if (content !== undefined) {
    // Zulip keeps an emptied message as "(deleted)" rather than an empty one.
    const source = normalizeContent(content.trim() === '' ? '(deleted)' : content);
    edited = { source, rendered: renderMarkdown(source, storeDirectory(store)) };
  }
  let targetChannel = origChannel;
  if (channelId !== undefined) {
    const found = store.channels.byId(channelId);
    const sub = found && store.channels.subscription(user.id, found.id);
    if (!found || !canPostTo(user, found, sub)) throw badRequest('Invalid channel ID');
    targetChannel = found;
  }
  const targetTopic = topic ?? message.topic;
  const request: EditRequest = {
    message,
    origChannel,
    content: edited,
    targetChannel,
    targetTopic,
    topicChanged: topic !== undefined,
    channelChanged: targetChannel !== undefined && origChannel !== undefined && targetChannel.id !== origChannel.id,
    resolved:
      topic !== undefined &&
      topic.startsWith(RESOLVED_PREFIX) &&
      !message.topic.startsWith(RESOLVED_PREFIX) &&
      topic.slice(RESOLVED_PREFIX.length) === message.topic,
    unresolved:
      topic !== undefined &&
      message.topic.startsWith(RESOLVED_PREFIX) &&
      !topic.startsWith(RESOLVED_PREFIX) &&
      message.topic.slice(RESOLVED_PREFIX.length) === topic,
    propagateMode,
  };
  if (targetChannel) checkTargetTopicsPolicy(request, targetChannel, realm);
  return request;
}

function checkTargetTopicsPolicy(request: EditRequest, channel: ChannelRow, realm: RealmRow): void {
  const policy = topicsPolicy(channel, realm);
  const name = realm.empty_topic_display_name;
  const empty = request.targetTopic === '';
  if (empty && isMoved(request) && policy === 'disable_empty_topic') {
    throw badRequest(`Sending messages to the ${name} topic is not allowed in this channel.`);
  }
  if (!empty && policy === 'empty_topic_only') {
    throw badRequest(`Only the ${name} topic is allowed in this channel.`);
  }
}

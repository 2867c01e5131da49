import { ApiError, badRequest } from '../http/errors';
import type { UserRow } from '../store/rows';
import type { Store } from '../store/store';
import { isMoved, type EditRequest } from './edit_request';
import { MessagePermissions } from './permissions';
import { checkWildcardMentions } from './wildcards';

/** Zulip allows 20 seconds past each limit, for clients that offered the edit just in time. */
const BUFFER_SECONDS = 20;

const past = (sentAt: number, limit: number | null, now: number): boolean =>
  limit !== null && now - sentAt > limit + BUFFER_SECONDS;

/**
 * Whether the user may make this edit, with Zulip's rules and wording: content only by its
 * sender, while editing is on and within the edit time limit; topics by the organization's or the
 * channel's move permission (resolving by its resolve permission); channel moves by the
 * move-out-of-channel permission. Moderators are exempt from the move time limits.
 */
export function checkEditPermissions(
  store: Store,
  user: UserRow,
  request: EditRequest,
  now: number,
  wildcardThreshold: number,
): void {
  const perms = new MessagePermissions(store, user);
  const { policy } = perms;
  const { message, origChannel } = request;

  if (request.content) {
    if (!policy.allowMessageEditing) throw badRequest('Your organization has turned off message editing');
    if (message.sender_id !== user.id) throw badRequest("You don't have permission to edit this message");
    if (past(message.date_sent, policy.contentEditLimitSeconds, now)) {
      throw badRequest('The time limit for editing this message has passed');
    }
  }
  if (request.topicChanged && origChannel) {
    if (request.resolved || request.unresolved) {
      if (!perms.canResolve(origChannel)) {
        throw badRequest("You don't have permission to resolve topics in this channel.");
      }
    } else {
      if (!perms.canMoveWithinChannel(origChannel)) throw badRequest("You don't have permission to edit this message");
      if (!perms.isModerator && past(message.date_sent, policy.moveWithinChannelLimitSeconds, now)) {
        throw badRequest("The time limit for editing this message's topic has passed.");
      }
    }
  }
  if (request.content && origChannel) {
    const sender = store.users.byId(message.sender_id) ?? user;
    const { rendered } = request.content;
    checkWildcardMentions(store, sender, origChannel, request.targetTopic, rendered, wildcardThreshold);
  }
  if (request.channelChanged && origChannel) {
    if (!perms.canMoveOutOf(origChannel)) throw badRequest("You don't have permission to move this message");
    if (!perms.isModerator && past(message.date_sent, policy.moveBetweenChannelsLimitSeconds, now)) {
      throw badRequest("The time limit for editing this message's channel has passed");
    }
  }
  if (
    request.propagateMode === 'change_all' &&
    !perms.isModerator &&
    isMoved(request) &&
    !request.resolved &&
    !request.unresolved
  ) {
    checkWholeTopicTimeLimit(store, request, perms, now);
  }
}

/**
 * Moving a whole topic needs every message in it to be within the move time limit (the stricter
 * one when both topic and channel change); otherwise MOVE_MESSAGES_TIME_LIMIT_EXCEEDED says how
 * much of the topic the user could move.
 */
function checkWholeTopicTimeLimit(store: Store, request: EditRequest, perms: MessagePermissions, now: number): void {
  const limits: number[] = [];
  const { policy } = perms;
  if (request.topicChanged && policy.moveWithinChannelLimitSeconds !== null) {
    limits.push(policy.moveWithinChannelLimitSeconds + BUFFER_SECONDS);
  }
  if (request.channelChanged && policy.moveBetweenChannelsLimitSeconds !== null) {
    limits.push(policy.moveBetweenChannelsLimitSeconds + BUFFER_SECONDS);
  }
  if (limits.length === 0) return;
  const oldest = now - Math.min(...limits);
  const ids = store.messageChanges.topicIds(request.message.recipient_id, request.message.topic);
  const rows = store.messages.byIds(ids);
  const allowed = rows.filter((row) => row.date_sent > oldest);
  if (allowed.length === rows.length) return;
  throw new ApiError(
    400,
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    `You only have permission to move the ${allowed.length}/${rows.length} most recent messages in this topic.`,
    {
      first_message_id_allowed_to_move: allowed[0]?.id ?? null,
      total_messages_allowed_to_move: allowed.length,
      total_messages_in_topic: rows.length,
    },
  );
}

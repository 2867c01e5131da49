import { nowSeconds, type App } from '../app';
import { canReadHistory } from '../access';
import type { ChannelRow, UserRow } from '../store/rows';
import { accessMessage } from './access';
import { recentResolveNotice, sendMoveNotices, sendResolveNotice } from './breadcrumbs';
import { deleteMessages, publishDeletion } from './delete';
import { applyEdit } from './edit_apply';
import { editAudience, publishUpdate } from './edit_events';
import { checkEditPermissions } from './edit_permissions';
import { buildEditRequest, isMoved, type EditInput } from './edit_request';
import { moveAcrossChannels } from './move_access';
import { applyInitiationPolicy, migrateTopicPolicies, startsTopic } from './topic_migration';

export interface Notifications {
  oldThread: boolean;
  newThread: boolean;
}

/** IDs of a topic's messages the user can see (all of them, or only received ones). */
function visibleInTopic(app: App, user: UserRow, channel: ChannelRow, topic: string, exclude: Set<number>): number[] {
  const ids = app.store.messageChanges.topicIds(channel.recipient_id, topic).filter((id) => !exclude.has(id));
  if (canReadHistory(user, channel, app.store.channels.subscription(user.id, channel.id))) return ids;
  return [...app.store.messages.flagsFor(user.id, ids).keys()];
}

/**
 * PATCH /messages/{id}: validates and authorizes, writes the edit, then tells everyone, in
 * Zulip's order: delete_message to people who lost access, user_topic changes, update_message,
 * and finally the Notification Bot's resolve and move notices.
 */
export function editMessage(app: App, user: UserRow, messageId: number, input: EditInput, notify: Notifications): void {
  const store = app.store;
  const now = nowSeconds();
  const { row, channel } = accessMessage(store, user, messageId);
  const request = buildEditRequest(store, user, row, channel, input);
  checkEditPermissions(store, user, request, now, app.options.wildcardMentionThreshold);
  const moved = isMoved(request);
  const target = request.targetChannel;
  const targetHadMessages =
    moved && target !== undefined && store.messageChanges.topicIds(target.recipient_id, request.targetTopic).length > 0;

  const applied = applyEdit(store, user, request, now);
  const changed = new Set(applied.changedIds);
  let losing: ReadonlySet<number> = new Set();
  if (request.channelChanged && channel && target) {
    losing = moveAcrossChannels(store, channel, target, applied.changedIds).losingAccess;
    publishDeletion(app, losing, applied.changedIds, row);
  }

  let movedAll = false;
  if (moved && channel && target) {
    movedAll =
      request.propagateMode === 'change_all' || visibleInTopic(app, user, channel, row.topic, changed).length === 0;
    const move = { from: channel, fromTopic: row.topic, to: target, toTopic: request.targetTopic };
    if (movedAll) {
      migrateTopicPolicies(app, { ...move, targetHadMessages, losingAccess: losing }, now);
    } else {
      const sender = store.users.byId(row.sender_id);
      if (
        sender &&
        !losing.has(sender.id) &&
        startsTopic(app, sender, target, request.targetTopic, row.id, applied.changedIds)
      ) {
        applyInitiationPolicy(app, sender, target, request.targetTopic, now);
      }
    }
  }
  publishUpdate(app, applied.event, editAudience(app, request, losing));

  if (!moved || !channel || !target) return;
  let noticeId: number | null = null;
  const resolveOnly = request.topicChanged && !request.channelChanged && (request.resolved || request.unresolved);
  if (resolveOnly && !request.content) {
    const previous = recentResolveNotice(app, target, request.targetTopic, now);
    if (previous !== undefined) deleteMessages(app, store.messages.byIds([previous]));
    else noticeId = sendResolveNotice(app, user, target, request.targetTopic, request.resolved);
  }
  const skip = new Set([...changed, ...(noticeId === null ? [] : [noticeId])]);
  sendMoveNotices(app, {
    actor: user,
    from: channel,
    fromTopic: row.topic,
    to: target,
    toTopic: request.targetTopic,
    targetId: row.id,
    count: applied.changedIds.length,
    movedAll,
    newTopic: visibleInTopic(app, user, target, request.targetTopic, skip).length === 0,
    notifyOld: notify.oldThread,
    notifyNew: notify.newThread,
    resolveOnly,
  });
}

/**
 * user_topic events: a topic's visibility policy changed (also automatically, when sending
 * follows or unmutes it). Policy 0 removes the topic's row.
 */
import type { UserTopicEvent } from '../../api/schemas/record-events';
import { toVisibilityPolicy } from '../convert-records';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyUserTopic({ store, log }: ApplyContext, ev: UserTopicEvent): Delta[] {
  const policy = toVisibilityPolicy(ev.visibility_policy);
  if (policy === null) {
    log.info('user_topic with a visibility policy we do not know; ignored', { policy: ev.visibility_policy });
    return [];
  }
  store.userTopics.set({
    channelId: ev.stream_id,
    topic: ev.topic_name,
    policy,
    lastUpdated: Math.floor(ev.last_updated),
  });
  // Muting changes what the sidebar should stress, so it is rebuilt too.
  return [{ kind: 'recordsChanged', areas: ['topicVisibility'] }, { kind: 'sidebarChanged' }];
}

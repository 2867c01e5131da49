import type { RealmRow } from '../store/rows';
import type { EventQueue } from './queue';

/**
 * How a topic name travels in an event to one queue: clients without the empty_topic_name
 * capability never see "" and get the organization's display name for it instead.
 */
export function topicForQueue(queue: EventQueue, topic: string, realm: RealmRow): string {
  return topic === '' && queue.spec.capabilities['empty_topic_name'] !== true ? realm.empty_topic_display_name : topic;
}

import type { App } from '../app';
import { mutedTopics } from '../messaging/user_topics';

/**
 * user_topics for POST /register: every topic the user set a policy for, with the empty topic
 * shown as the display name to clients without the empty_topic_name capability.
 */
export function userTopicsState(
  app: App,
  userId: number,
  topicName: (topic: string) => string,
): Array<{ stream_id: number; topic_name: string; last_updated: number; visibility_policy: number }> {
  return app.store.userTopics.ofUser(userId).map((row) => ({
    stream_id: row.channel_id,
    topic_name: topicName(row.topic_name),
    last_updated: row.last_updated,
    visibility_policy: row.visibility_policy,
  }));
}

/** The deprecated muted_topics: [channel name, topic, muted at] for muted topics only. */
export function mutedTopicsState(app: App, userId: number, topicName: (topic: string) => string): unknown[] {
  return mutedTopics(app, userId).map(([channel, topic, ts]) => [channel, topicName(topic), ts]);
}

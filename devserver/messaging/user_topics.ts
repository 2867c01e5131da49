import type { App } from '../app';
import { topicForQueue } from '../events/topic_names';
import type { ChannelRow } from '../store/rows';
import { VISIBILITY } from '../store/user_topics';

/**
 * Sets users' visibility policy for a topic and tells each of them: first the legacy
 * `muted_topics` event (the user's whole muted list, suppressed for queues that asked for
 * `user_topic` by name, as Zulip does), then a `user_topic` event (policy 0 = removed).
 */
export function setTopicVisibility(
  app: App,
  userIds: readonly number[],
  channel: ChannelRow,
  topic: string,
  policy: number,
  now: number,
): void {
  app.store.transaction(() => {
    for (const userId of userIds) app.store.userTopics.set(userId, channel.id, topic, policy, now);
  });
  const realm = app.store.realm.get();
  for (const userId of userIds) {
    const muted = mutedTopics(app, userId);
    app.queues.publish([userId], 'muted_topics', (queue) =>
      queue.spec.eventTypes?.has('user_topic')
        ? null
        : {
            type: 'muted_topics',
            muted_topics: muted.map(([name, topicName, ts]) => [name, topicForQueue(queue, topicName, realm), ts]),
          },
    );
    app.queues.publish([userId], 'user_topic', (queue) => ({
      type: 'user_topic',
      stream_id: channel.id,
      topic_name: topicForQueue(queue, topic, realm),
      last_updated: now,
      visibility_policy: policy,
    }));
  }
}

/** The legacy muted_topics list: [channel name, topic, muted at] for every muted topic. */
export function mutedTopics(app: App, userId: number): Array<[string, string, number]> {
  const names = new Map(app.store.channels.all().map((channel) => [channel.id, channel.name]));
  return app.store.userTopics
    .ofUser(userId)
    .filter((row) => row.visibility_policy === VISIBILITY.muted && names.has(row.channel_id))
    .map((row) => [names.get(row.channel_id) ?? '', row.topic_name, row.last_updated]);
}

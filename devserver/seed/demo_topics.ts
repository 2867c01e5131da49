import { VISIBILITY } from '../store/user_topics';
import type { SeedBuilder } from './builder';
import { P } from './demo_org';
import type { ChannelRow } from '../store/rows';

const DAY = 86_400;

/**
 * The owner's topic visibility policies, so a new client meets each kind: a muted topic, a
 * followed topic, and an unmuted topic in a channel the owner muted (#partners). Runs after the
 * messages and uses no PRNG, so the message script stays the same. The topics are ones the
 * script always fills and no other test relies on.
 */
export function seedDemoTopicPolicies(build: SeedBuilder, channels: Record<string, ChannelRow>): void {
  const { store, now } = build;
  const owner = build.id(P.olivia);
  const partners = channels['partners']!;
  store.channels.setSubscriptionProperty(owner, partners.id, 'is_muted', 1);
  const policies: Array<[ChannelRow, string, number, number]> = [
    [channels['engineering']!, 'flaky tests', VISIBILITY.muted, 9],
    [channels['design']!, 'typography', VISIBILITY.followed, 6],
    [partners, 'kickoff', VISIBILITY.unmuted, 3],
  ];
  for (const [channel, topic, policy, daysAgo] of policies) {
    store.userTopics.set(owner, channel.id, topic, policy, now - daysAgo * DAY);
  }
}

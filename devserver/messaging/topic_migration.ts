import type { App } from '../app';
import { canReadHistory } from '../access';
import { userSettings } from '../register/user_settings';
import type { ChannelRow, UserRow } from '../store/rows';
import { VISIBILITY } from '../store/user_topics';
import { setTopicVisibility } from './user_topics';

export interface MovedTopic {
  from: ChannelRow;
  fromTopic: string;
  to: ChannelRow;
  toTopic: string;
  /** Whether the destination topic had messages before this move. */
  targetHadMessages: boolean;
  /** Users who can no longer read the moved messages. */
  losingAccess: ReadonlySet<number>;
}

/** When topics merge, the more visible policy wins: followed, unmuted, inherit, then muted. */
function merged(a: number, b: number): number {
  for (const policy of [VISIBILITY.followed, VISIBILITY.unmuted, VISIBILITY.inherit]) {
    if (a === policy || b === policy) return policy;
  }
  return VISIBILITY.muted;
}

/**
 * A whole topic moved: people's mute/unmute/follow settings move with it (merged with any they
 * had for the destination topic); people who lost access to the messages lose the setting.
 */
export function migrateTopicPolicies(app: App, move: MovedTopic, now: number): void {
  const store = app.store;
  const origin = new Map<number, number>();
  const lost: number[] = [];
  for (const row of store.userTopics.ofTopic(move.from.id, move.fromTopic)) {
    if (move.losingAccess.has(row.user_id)) lost.push(row.user_id);
    else origin.set(row.user_id, row.visibility_policy);
  }
  const target = new Map(
    store.userTopics.ofTopic(move.to.id, move.toTopic).map((r) => [r.user_id, r.visibility_policy]),
  );
  if (lost.length > 0) setTopicVisibility(app, lost, move.from, move.fromTopic, VISIBILITY.inherit, now);
  for (const userId of new Set([...origin.keys(), ...target.keys()])) {
    const before = origin.get(userId) ?? VISIBILITY.inherit;
    const there = target.get(userId) ?? VISIBILITY.inherit;
    if (before !== VISIBILITY.inherit) {
      setTopicVisibility(app, [userId], move.from, move.fromTopic, VISIBILITY.inherit, now);
    }
    const next = move.targetHadMessages ? merged(before, there) : before;
    if (next !== there) setTopicVisibility(app, [userId], move.to, move.toTopic, next, now);
  }
}

/**
 * Part of a topic moved and the moved message now starts its destination topic (as the sender
 * sees it): the sender's "topics I start" settings apply there, as if they had started it.
 */
export function applyInitiationPolicy(app: App, sender: UserRow, to: ChannelRow, topic: string, now: number): void {
  if (sender.is_bot === 1) return;
  const settings = userSettings(sender);
  const onInitiation = 3;
  if (settings['automatically_follow_topics_policy'] === onInitiation) {
    setTopicVisibility(app, [sender.id], to, topic, VISIBILITY.followed, now);
  } else if (settings['automatically_unmute_topics_in_muted_streams_policy'] === onInitiation) {
    if (app.store.channels.subscription(sender.id, to.id)?.is_muted === 1) {
      setTopicVisibility(app, [sender.id], to, topic, VISIBILITY.unmuted, now);
    }
  }
}

/** Whether the moved message comes before every other message of the destination the sender sees. */
export function startsTopic(
  app: App,
  sender: UserRow,
  to: ChannelRow,
  topic: string,
  targetId: number,
  movedIds: number[],
): boolean {
  const moved = new Set(movedIds);
  const others = app.store.messageChanges.topicIds(to.recipient_id, topic).filter((id) => !moved.has(id));
  const open = canReadHistory(sender, to, app.store.channels.subscription(sender.id, to.id));
  const visible = open ? others : [...app.store.messages.flagsFor(sender.id, others).keys()];
  return !visible.some((id) => id < targetId);
}

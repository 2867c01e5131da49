import { nowSeconds, type App } from '../app';
import { canReadHistory } from '../access';
import { userSettings } from '../register/user_settings';
import type { ChannelRow, UserRow } from '../store/rows';
import { VISIBILITY } from '../store/user_topics';
import { setTopicVisibility } from './user_topics';

/** Values of automatically_follow_topics_policy and automatically_unmute_topics_in_muted_streams_policy. */
const ON = { participation: 1, send: 2, initiation: 3, never: 4 } as const;

interface AutoSettings {
  follow: number;
  unmute: number;
}

function autoSettings(user: UserRow): AutoSettings {
  const settings = userSettings(user);
  return {
    follow: Number(settings['automatically_follow_topics_policy'] ?? ON.initiation),
    unmute: Number(settings['automatically_unmute_topics_in_muted_streams_policy'] ?? ON.send),
  };
}

/** The policy an act of participation (reacting, sending) earns, if any. */
function forParticipation(s: AutoSettings, channelMuted: boolean): number | null {
  if (s.follow === ON.participation) return VISIBILITY.followed;
  if (channelMuted && s.unmute === ON.participation) return VISIBILITY.unmuted;
  return null;
}

/**
 * After a user sends to a channel topic: follow or unmute it per their settings, following
 * Zulip's precedence (follow beats unmute; a followed topic is left alone; starting a topic
 * counts only if the sender can see no earlier message in it). Returns the new policy, which
 * POST /messages reports as automatic_new_visibility_policy, or null when nothing changed.
 */
export function applyPolicyOnSend(
  app: App,
  sender: UserRow,
  channel: ChannelRow,
  topic: string,
  messageId: number,
): number | null {
  if (sender.is_bot === 1) return null;
  const s = autoSettings(sender);
  if (s.follow === ON.never && s.unmute === ON.never) return null;
  const current = app.store.userTopics.policy(sender.id, channel.id, topic);
  if (current === VISIBILITY.followed) return null;
  const sub = app.store.channels.subscription(sender.id, channel.id);
  const muted = sub?.is_muted === 1;

  let next: number | null = null;
  const earned = [forParticipation(s, muted), s.follow === ON.send ? VISIBILITY.followed : null];
  if (muted && s.unmute === ON.send) earned.push(VISIBILITY.unmuted);
  if (earned.includes(VISIBILITY.followed)) next = VISIBILITY.followed;
  else if (earned.includes(VISIBILITY.unmuted)) next = VISIBILITY.unmuted;

  if (current !== VISIBILITY.inherit) {
    // A topic with a policy already has messages, so this cannot be its first one.
    next = next === current ? null : next;
  } else if (startedTopic(app, sender, channel, topic, messageId)) {
    if (s.follow === ON.initiation) next = VISIBILITY.followed;
    else if (muted && s.unmute === ON.initiation) next ??= VISIBILITY.unmuted;
  }
  if (next === null) return null;
  setTopicVisibility(app, [sender.id], channel, topic, next, nowSeconds());
  return next;
}

/** Whether the sender can see no message in the topic other than this one. */
function startedTopic(app: App, sender: UserRow, channel: ChannelRow, topic: string, messageId: number): boolean {
  const open = canReadHistory(sender, channel, app.store.channels.subscription(sender.id, channel.id));
  const others = app.store.messageChanges.topicIds(channel.recipient_id, topic).filter((id) => id !== messageId);
  if (open) return others.length === 0;
  const received = app.store.messages.flagsFor(sender.id, others);
  return received.size === 0;
}

/**
 * Reacting counts as participating: users whose settings follow or unmute "topics I participate
 * in" get that policy, unless the topic already has it or is followed.
 */
export function applyPolicyOnReaction(app: App, user: UserRow, channel: ChannelRow, topic: string): void {
  if (user.is_bot === 1) return;
  const sub = app.store.channels.subscription(user.id, channel.id);
  if (sub?.active !== 1) return;
  const next = forParticipation(autoSettings(user), sub.is_muted === 1);
  const current = app.store.userTopics.policy(user.id, channel.id, topic);
  if (next === null || next === current || current === VISIBILITY.followed) return;
  setTopicVisibility(app, [user.id], channel, topic, next, nowSeconds());
}

/**
 * Users mentioned by name follow the topic when their automatically_follow_topics_where_mentioned
 * setting is on, unless they muted it or already follow it.
 */
export function followWhereMentioned(app: App, mentioned: Iterable<number>, channel: ChannelRow, topic: string): void {
  const users = [...mentioned]
    .map((id) => app.store.users.byId(id))
    .filter((user): user is UserRow => user !== undefined && user.is_active === 1 && user.is_bot === 0)
    .filter((user) => userSettings(user)['automatically_follow_topics_where_mentioned'] === true)
    .filter((user) => {
      const policy = app.store.userTopics.policy(user.id, channel.id, topic);
      return policy !== VISIBILITY.muted && policy !== VISIBILITY.followed;
    })
    .map((user) => user.id);
  if (users.length > 0) setTopicVisibility(app, users, channel, topic, VISIBILITY.followed, nowSeconds());
}

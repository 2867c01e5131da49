import type { App } from '../app';
import { publishMessage } from '../events/message_events';
import { channelHref } from '../markdown/directory';
import { userSettings } from '../register/user_settings';
import { FLAG_BITS } from '../store/flags';
import type { ChannelRow, UserRow } from '../store/rows';
import { VISIBILITY } from '../store/user_topics';
import { storeDirectory } from './directory';
import { writeMessage } from './write';

/** Zulip deletes a resolve notice instead of adding its opposite within this many seconds. */
export const RESOLVE_UNDO_GRACE_SECONDS = 60;
const RESOLVE_NOTICE = /^@_\*\*[^*]+\*\* has marked this topic as (un)?resolved\.$/;

const silentMention = (user: UserRow): string => `@_**${user.full_name}|${user.id}**`;
const topicLink = (channel: ChannelRow, topic: string): string => `#**${channel.name}>${topic}**`;

function notificationBot(app: App): UserRow | undefined {
  return app.store.users.all().find((user) => user.is_system_bot === 1);
}

/** Posts as the Notification Bot; `unread` says who should see it unread (the actor never does). */
function post(
  app: App,
  actor: UserRow,
  channel: ChannelRow,
  topic: string,
  content: string,
  unread: (id: number) => boolean,
): number | null {
  const bot = notificationBot(app);
  if (!bot) return null;
  const written = app.store.transaction(() =>
    writeMessage(app.store, {
      senderId: bot.id,
      destination: { kind: 'channel', channel, topic },
      content,
      dateSent: Math.floor(Date.now() / 1000),
      client: 'Internal',
      readBySender: true,
      directory: storeDirectory(app.store),
      extraFlags: (userId) => (userId !== actor.id && unread(userId) ? 0 : FLAG_BITS.read),
    }),
  );
  publishMessage(app, written, { sender: bot, queueId: undefined, localId: undefined });
  return written.id;
}

export interface MoveNotice {
  actor: UserRow;
  from: ChannelRow;
  fromTopic: string;
  to: ChannelRow;
  toTopic: string;
  targetId: number;
  count: number;
  movedAll: boolean;
  /** No message the actor can see was already in the destination topic. */
  newTopic: boolean;
  notifyOld: boolean;
  notifyNew: boolean;
  /** Zulip skips the new-thread notice when a topic change only resolves or unresolves it. */
  resolveOnly: boolean;
}

/** The "moved here from" / "moved to" notices Zulip leaves in both topics. */
export function sendMoveNotices(app: App, notice: MoveNotice): void {
  const user = silentMention(notice.actor);
  const oldPlace = topicLink(notice.from, notice.fromTopic);
  const newPlace = topicLink(notice.to, notice.toTopic);
  if (notice.notifyNew && !notice.resolveOnly) {
    const link = `${app.baseUrl}${channelHref(notice.to, notice.toTopic)}/near/${notice.targetId}`;
    const text =
      notice.newTopic && notice.movedAll
        ? `This topic was moved here from ${oldPlace} by ${user}.`
        : notice.count === 1
          ? `[A message](${link}) was moved here from ${oldPlace} by ${user}.`
          : `${notice.count} messages were moved here from ${oldPlace} by ${user}.`;
    post(app, notice.actor, notice.to, notice.toTopic, text, () => true);
  }
  if (notice.notifyOld) {
    const text = notice.movedAll
      ? `This topic was moved to ${newPlace} by ${user}.`
      : notice.count === 1
        ? `A message was moved from this topic to ${newPlace} by ${user}.`
        : `${notice.count} messages were moved from this topic to ${newPlace} by ${user}.`;
    post(app, notice.actor, notice.from, notice.fromTopic, text, () => true);
  }
}

/**
 * "@user has marked this topic as resolved/unresolved." in the renamed topic. It starts unread
 * only for people whose resolved_topic_notice_auto_read_policy asks for it (never auto-read, or
 * except_followed while they follow the topic).
 */
export function sendResolveNotice(
  app: App,
  actor: UserRow,
  channel: ChannelRow,
  topic: string,
  resolved: boolean,
): number | null {
  const followers = new Set(
    app.store.userTopics
      .ofTopic(channel.id, topic)
      .filter((row) => row.visibility_policy === VISIBILITY.followed)
      .map((row) => row.user_id),
  );
  const unread = (userId: number): boolean => {
    const user = app.store.users.byId(userId);
    if (!user || user.is_bot === 1) return false;
    const policy = userSettings(user)['resolved_topic_notice_auto_read_policy'];
    return policy === 'never' || (policy === 'except_followed' && followers.has(userId));
  };
  const text = `${silentMention(actor)} has marked this topic as ${resolved ? 'resolved' : 'unresolved'}.`;
  return post(app, actor, channel, topic, text, unread);
}

/** The topic's last message, if it is a resolve notice from the last minute (to undo instead). */
export function recentResolveNotice(app: App, channel: ChannelRow, topic: string, now: number): number | undefined {
  const ids = app.store.messageChanges.topicIds(channel.recipient_id, topic);
  const last = app.store.messages.byIds(ids.slice(-1))[0];
  const bot = notificationBot(app);
  if (!last || !bot || last.sender_id !== bot.id || !RESOLVE_NOTICE.test(last.content)) return undefined;
  return now - last.date_sent <= RESOLVE_UNDO_GRACE_SECONDS ? last.id : undefined;
}

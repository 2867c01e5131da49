import { nowSeconds, type App } from '../app';
import { publishMessage } from '../events/message_events';
import { storeDirectory } from '../messaging/directory';
import { writeMessage, type Destination } from '../messaging/write';
import { LIMITS } from '../limits';
import type { ChannelRow, UserRow } from '../store/rows';

/**
 * Messages the system Notification Bot sends on the organization's behalf (a user subscribed
 * you, a channel was created), written and fanned out like any other message. Quietly skipped
 * (null) if the database has no such bot; otherwise the new message's ID.
 */
export function sendNotice(app: App, destination: Destination, content: string): number | null {
  const bot = app.store.users.all().find((user) => user.is_system_bot === 1);
  if (!bot) return null;
  const written = app.store.transaction(() =>
    writeMessage(app.store, {
      senderId: bot.id,
      destination,
      content,
      dateSent: nowSeconds(),
      client: 'Internal',
      readBySender: true,
      directory: storeDirectory(app.store),
    }),
  );
  publishMessage(app, written, { sender: bot, queueId: undefined, localId: undefined });
  return written.id;
}

/** A silent mention (no notification), the way Zulip names the acting user in notices. */
export function silentMention(user: UserRow): string {
  return `@_**${user.full_name}|${user.id}**`;
}

export function channelLink(channel: ChannelRow): string {
  return `#**${channel.name}**`;
}

/** The topic Zulip's notices about a channel's own lifecycle go to (the empty topic where only it is allowed). */
export function channelEventsTopic(channel: ChannelRow): string {
  return channel.topics_policy === 'empty_topic_only' ? '' : 'channel events';
}

/**
 * The Notification Bot's direct message to each person someone else subscribed (bots and the
 * acting user are skipped). Returns false, sending nothing, when more people would be told than
 * max_bulk_new_subscription_messages allows, as Zulip does.
 */
export function noticeSubscribedByOthers(
  app: App,
  actor: UserRow,
  changes: ReadonlyArray<{ userId: number; channel: ChannelRow }>,
): boolean {
  const byUser = new Map<number, ChannelRow[]>();
  for (const { userId, channel } of changes) {
    const target = app.store.users.byId(userId);
    if (!target || target.id === actor.id || target.is_bot === 1) continue;
    byUser.set(userId, [...(byUser.get(userId) ?? []), channel]);
  }
  if (byUser.size > LIMITS.max_bulk_new_subscription_messages) return false;
  for (const [userId, channels] of byUser) {
    const names = channels.map((channel) => channel.name).sort();
    const text =
      names.length === 1
        ? `${silentMention(actor)} subscribed you to #**${names[0]}**.`
        : `${silentMention(actor)} subscribed you to the following channels:\n\n${names.map((n) => `* #**${n}**`).join('\n')}`;
    sendNotice(app, { kind: 'direct', userIds: [userId] }, text);
  }
  return true;
}

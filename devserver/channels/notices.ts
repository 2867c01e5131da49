import { nowSeconds, type App } from '../app';
import { publishMessage } from '../events/message_events';
import { storeDirectory } from '../messaging/directory';
import { writeMessage, type Destination } from '../messaging/write';
import type { ChannelRow, UserRow } from '../store/rows';

/**
 * Messages the system Notification Bot sends on the organization's behalf (a user subscribed
 * you, a channel was created), written and fanned out like any other message. Quietly skipped
 * if the database has no such bot.
 */
export function sendNotice(app: App, destination: Destination, content: string): void {
  const bot = app.store.users.all().find((user) => user.is_system_bot === 1);
  if (!bot) return;
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
}

/** A silent mention (no notification), the way Zulip names the acting user in notices. */
export function silentMention(user: UserRow): string {
  return `@_**${user.full_name}|${user.id}**`;
}

export function channelLink(channel: ChannelRow): string {
  return `#**${channel.name}**`;
}

/** The topic Zulip's notices about a channel's own lifecycle go to. */
export const CHANNEL_EVENTS_TOPIC = 'channel events';

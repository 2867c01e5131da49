import { flagNames, HISTORICAL_FLAGS } from '../store/flags';
import type { ChannelRow, MessageRow, ReactionRow, RealmRow, UserRow } from '../store/rows';
import type { Store } from '../store/store';
import { apiEmail, avatarUrl } from './users';

export interface MessageViewOptions {
  /** HTML (text/html) when true, the Markdown source (text/x-markdown) when false. */
  applyMarkdown: boolean;
  /** When false the empty topic is shown as realm_empty_topic_display_name. */
  allowEmptyTopicName: boolean;
}

/**
 * Builds API Message objects (api-v1.md 2.1 and protocol-notes.md) from stored rows. One formatter
 * serves one request or one event fan-out: it loads channels and the realm once, and each user it
 * meets once. (It loaded every user: at 30,000 people ~80 ms a message sent, as sending writes and
 * so drops the kept list each time.)
 */
export class MessageFormatter {
  private readonly users = new Map<number, UserRow>();
  private readonly channels: Map<number, ChannelRow>;
  private readonly realm: RealmRow;

  constructor(
    private readonly store: Store,
    private readonly baseUrl: string,
  ) {
    this.channels = new Map(store.channels.all().map((channel) => [channel.id, channel]));
    this.realm = store.realm.get();
  }

  /** The flags array for a user's stored bits; undefined bits mean the user never received it. */
  static flags(bits: number | undefined): string[] {
    return bits === undefined ? [...HISTORICAL_FLAGS] : flagNames(bits);
  }

  format(
    row: MessageRow,
    reactions: ReactionRow[],
    flags: string[],
    options: MessageViewOptions,
  ): Record<string, unknown> {
    const sender = this.user(row.sender_id);
    const channel = row.channel_id === null ? undefined : this.channels.get(row.channel_id);
    const topic =
      channel && row.topic === '' && !options.allowEmptyTopicName ? this.realm.empty_topic_display_name : row.topic;
    const message: Record<string, unknown> = {
      id: row.id,
      sender_id: sender.id,
      sender_email: apiEmail(sender, this.realm),
      sender_full_name: sender.full_name,
      sender_realm_str: this.realm.string_id,
      avatar_url: avatarUrl(this.baseUrl, sender),
      client: row.client,
      content: options.applyMarkdown ? row.rendered_content : row.content,
      content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
      display_recipient: channel ? channel.name : this.directRecipients(row.recipient_id),
      recipient_id: row.recipient_id,
      type: channel ? 'stream' : 'private',
      subject: channel ? topic : '',
      timestamp: row.date_sent,
      is_me_message: row.is_me_message === 1,
      reactions: reactions.map((reaction) => ({
        emoji_name: reaction.emoji_name,
        emoji_code: reaction.emoji_code,
        reaction_type: reaction.reaction_type,
        user_id: reaction.user_id,
      })),
      submessages: [],
      topic_links: [],
      flags,
    };
    if (channel) message['stream_id'] = channel.id;
    if (row.edit_history !== null) message['edit_history'] = JSON.parse(row.edit_history) as unknown;
    if (row.last_edit_timestamp !== null) message['last_edit_timestamp'] = row.last_edit_timestamp;
    if (row.last_moved_timestamp !== null) message['last_moved_timestamp'] = row.last_moved_timestamp;
    return message;
  }

  /** Formats rows for one viewer, reading reactions and the viewer's flags in two batch queries. */
  formatForViewer(rows: MessageRow[], viewerId: number, options: MessageViewOptions): Record<string, unknown>[] {
    const ids = rows.map((row) => row.id);
    const reactions = this.store.messages.reactionsFor(ids);
    const flags = this.store.messages.flagsFor(viewerId, ids);
    return rows.map((row) =>
      this.format(row, reactions.get(row.id) ?? [], MessageFormatter.flags(flags.get(row.id)), options),
    );
  }

  private directRecipients(recipientId: number): Array<Record<string, unknown>> {
    return this.store.recipients.participants(recipientId).map((id) => {
      const user = this.user(id);
      return { id: user.id, email: apiEmail(user, this.realm), full_name: user.full_name, is_mirror_dummy: false };
    });
  }

  private user(id: number): UserRow {
    let user = this.users.get(id);
    if (!user) {
      user = this.store.users.byId(id);
      if (!user) throw new Error(`message refers to unknown user ${id}`);
      this.users.set(id, user);
    }
    return user;
  }
}

/**
 * The sidebar's channel and topic menus (components/sidebar/menus.ts), as full as Zulip's:
 * channel: mute, pin, colour and notification settings (in its settings screen), settings,
 * unsubscribe, mark read, copy link; topic: mute/unmute/follow, mark read, resolve or unresolve
 * (Zulip's `✔ ` prefix), rename, move to another channel, copy link. Renaming and moving open
 * `topicDialog`, which Home shows (components/sidebar/TopicMoveDialog.svelte).
 */
import type { ChannelSummary, MarkReadScope, PropagateMode } from '../../common/model';
import type { MenuItem } from '../components/actions/menu';
import type { SidebarMenus } from '../components/sidebar/menus';
import { describe, type BridgeClient } from '../lib/bridge';
import { sameTopic } from '../lib/narrow';
import { encodeHashComponent } from '../lib/quote';
import type { HomeParts } from './homeParts';
import type { Screen } from './screen';
import { dmItems } from './dmMenu';

/** Zulip's resolved-topic prefix (a check mark and a space). */
export const RESOLVED_PREFIX = '✔ ';

export interface SidebarMenuDeps {
  bridge: BridgeClient;
  parts: Pick<HomeParts, 'topics' | 'accountId' | 'actions'>;
  realmUrl: string;
  go(screen: Screen): void;
  notice(text: string): void;
}

export interface TopicDialog {
  mode: 'rename' | 'move';
  channel: ChannelSummary;
  topic: string;
  /** The topic's newest message: the edit that renames or moves the whole topic is made on it. */
  messageId: number;
  /** Opened from this message (its recipient bar): a move may then take it alone, or it and the later ones. */
  fromMessageId?: number | undefined;
}

/** Zulip's web link to a channel, or to one of its topics. */
export function conversationLink(realmUrl: string, channel: ChannelSummary, topic?: string): string {
  const base = `${realmUrl.replace(/\/+$/, '')}/#narrow/channel/${encodeHashComponent(`${channel.id}-${channel.name.replace(/ /g, '-')}`)}`;
  return topic === undefined ? base : `${base}/topic/${encodeHashComponent(topic)}`;
}

export class SidebarMenuState {
  topicDialog = $state<TopicDialog | null>(null);

  constructor(private readonly d: SidebarMenuDeps) {}

  readonly menus: SidebarMenus = {
    channel: (channel) => this.#channelItems(channel),
    topic: (channel, topic) => this.#topicItems(channel, topic),
    dm: (userIds, unread) =>
      dmItems(userIds, unread, this.d.realmUrl, {
        markRead: () => this.#markRead({ kind: 'dm', userIds }),
        copy: (link) => this.#copy(link),
      }),
    moveFromMessage: (channel, topic, messageId) => [
      {
        label: 'Move topic',
        run: () => {
          const newest = channel.topics.find((t) => sameTopic(t.name, topic))?.maxMessageId ?? messageId;
          this.topicDialog = { mode: 'move', channel, topic, messageId: newest, fromMessageId: messageId };
        },
      },
    ],
    topicMark: (channelId, topic) => {
      const v = this.d.parts.topics.of(channelId, topic);
      return v === 'none' ? null : v;
    },
  };

  /**
   * Renames or moves the whole topic (the edit of its newest message with change_all, as Zulip
   * does), or, from a message, that message and the later ones (change_later) or it alone (change_one).
   */
  async moveTopic(
    dialog: TopicDialog,
    channelId: number,
    topic: string,
    propagateMode: PropagateMode = 'change_all',
  ): Promise<void> {
    const edit = { topic, propagateMode, ...(channelId !== dialog.channel.id ? { channelId } : {}) };
    const fromMessage = propagateMode !== 'change_all' ? dialog.fromMessageId : undefined;
    const messageId = fromMessage ?? (await this.#newestIn(dialog));
    await this.d.bridge.call('messages:edit', { accountId: this.d.parts.accountId, messageId, edit });
  }

  /**
   * The topic's newest message, asked for now: the sidebar's copy of it can be stale just after
   * the topic was moved or renamed (a resolve is one), and the server refuses a message no longer there.
   */
  async #newestIn(dialog: TopicDialog): Promise<number> {
    const narrow = { kind: 'topic' as const, channelId: dialog.channel.id, topic: dialog.topic };
    const args = { accountId: this.d.parts.accountId, narrow, anchor: 'newest' as const, before: 1, after: 0 };
    const page = await this.d.bridge.call('messages:page', args);
    return page.messages.filter((m) => m.id > 0).at(-1)?.id ?? dialog.messageId;
  }

  #channelItems(channel: ChannelSummary): MenuItem[] {
    const settings = (): void => this.d.go({ kind: 'channelSettings', channelId: channel.id });
    return [
      { label: 'Mark channel as read', run: () => this.#markRead({ kind: 'channel', channelId: channel.id }) },
      {
        label: channel.isMuted ? 'Unmute channel' : 'Mute channel',
        run: () => this.#setProperty(channel, 'is_muted', !channel.isMuted),
      },
      {
        label: channel.pinToTop ? 'Unpin channel from top' : 'Pin channel to top',
        run: () => this.#setProperty(channel, 'pin_to_top', !channel.pinToTop),
      },
      { label: 'Change colour', run: settings },
      { label: 'Notification settings', run: settings },
      { label: 'Channel settings', run: settings },
      { label: 'Copy link to channel', run: () => this.#copy(conversationLink(this.d.realmUrl, channel)) },
      { label: 'Unsubscribe', run: () => void this.#unsubscribe(channel) },
    ];
  }

  #topicItems(channel: ChannelSummary, topic: string): MenuItem[] {
    const items = this.d.parts.topics.menu(channel.id, topic, channel.isMuted);
    const summary = channel.topics.find((t) => sameTopic(t.name, topic));
    if (summary && summary.unreadCount > 0) {
      items.push({
        label: 'Mark topic as read',
        run: () => this.#markRead({ kind: 'topic', channelId: channel.id, topic }),
      });
    }
    if (summary) {
      const dialog = (mode: TopicDialog['mode']) => () =>
        (this.topicDialog = { mode, channel, topic, messageId: summary.maxMessageId });
      const resolved = topic.startsWith(RESOLVED_PREFIX);
      const toggled = resolved ? topic.slice(RESOLVED_PREFIX.length) : RESOLVED_PREFIX + topic;
      items.push(
        {
          label: resolved ? 'Mark as unresolved' : 'Mark as resolved',
          run: () => void this.#resolve(channel, topic, toggled, summary.maxMessageId),
        },
        { label: 'Rename topic', run: dialog('rename') },
        { label: 'Move topic', run: dialog('move') },
      );
    }
    items.push({
      label: 'Copy link to topic',
      run: () => this.#copy(conversationLink(this.d.realmUrl, channel, topic)),
    });
    return items;
  }

  async #resolve(channel: ChannelSummary, topic: string, to: string, messageId: number): Promise<void> {
    try {
      await this.moveTopic({ mode: 'rename', channel, topic, messageId }, channel.id, to);
    } catch (error) {
      this.d.notice(`Could not change the topic. ${describe(error)}`);
    }
  }

  #markRead(scope: MarkReadScope): void {
    this.d.parts.actions.markRead(scope).then(
      (count) => this.d.notice(count === 1 ? 'Marked 1 message as read.' : `Marked ${count} messages as read.`),
      (error: unknown) => this.d.notice(`Could not mark the messages as read. ${describe(error)}`),
    );
  }

  #setProperty(channel: ChannelSummary, property: 'is_muted' | 'pin_to_top', value: boolean): void {
    const args = { accountId: this.d.parts.accountId, channelId: channel.id, property, value };
    this.d.bridge
      .call('channels:setProperty', args)
      .catch((error: unknown) => this.d.notice(`Could not change #${channel.name}. ${describe(error)}`));
  }

  async #unsubscribe(channel: ChannelSummary): Promise<void> {
    try {
      await this.d.bridge.call('channels:unsubscribe', { accountId: this.d.parts.accountId, channelIds: [channel.id] });
      this.d.notice(`Unsubscribed from #${channel.name}.`);
    } catch (error) {
      this.d.notice(`Could not unsubscribe from #${channel.name}. ${describe(error)}`);
    }
  }

  #copy(text: string): void {
    navigator.clipboard.writeText(text).then(
      () => this.d.notice('Copied the link.'),
      () => this.d.notice('Parley could not reach the clipboard.'),
    );
  }
}

/**
 * From new messages in an account's cache to the notifications to show: gathers what the pure
 * policy (policy.ts) and wording (text.ts) need from the store (the message's flags and read
 * state, user_settings, the channel's subscription settings, the topic's visibility policy)
 * and the app's do-not-disturb switch. Called for messages that arrived as events only:
 * history fetched later must not ring.
 */
import type { Narrow } from '../../common/model';
import type { AccountStore } from '../store/account-store';
import { othersInDm } from '../store/narrows';
import type { MessageHead } from '../store/repos/message-rows';
import { shouldNotify, type NotifyReason } from './policy';
import { notificationText } from './text';
import type { NotificationSettings, NotifyInput, SubscriptionNotificationSettings, VisibilityPolicy } from './types';

export interface PendingNotification {
  title: string;
  body: string;
  /** Where a click on it should lead: that conversation, at this message. */
  narrow: Narrow;
  messageId: number;
  reason: NotifyReason;
}

/** Zulip's defaults for a user_settings key the cache does not hold (an old server, or a snapshot not yet stored). */
function settingsOf(store: AccountStore): NotificationSettings & { pm_content_in_desktop_notifications: boolean } {
  const s = store.userSettings;
  return {
    enable_desktop_notifications: s.getBoolean('enable_desktop_notifications', true),
    enable_stream_desktop_notifications: s.getBoolean('enable_stream_desktop_notifications', false),
    wildcard_mentions_notify: s.getBoolean('wildcard_mentions_notify', true),
    enable_followed_topic_desktop_notifications: s.getBoolean('enable_followed_topic_desktop_notifications', true),
    enable_followed_topic_wildcard_mentions_notify: s.getBoolean(
      'enable_followed_topic_wildcard_mentions_notify',
      true,
    ),
    pm_content_in_desktop_notifications: s.getBoolean('pm_content_in_desktop_notifications', true),
  };
}

function nullableBoolean(v: unknown): boolean | null {
  return typeof v === 'boolean' ? v : null;
}

function subscriptionOf(store: AccountStore, channelId: number): SubscriptionNotificationSettings | null {
  const sub = store.channels.getSubscribed(channelId)?.subscription;
  if (!sub) return null;
  return {
    is_muted: sub.isMuted,
    desktop_notifications: nullableBoolean(sub.settings['desktop_notifications']),
    wildcard_mentions_notify: nullableBoolean(sub.settings['wildcard_mentions_notify']),
  };
}

/**
 * What decide() reads from the store, looked up once per call of notificationsFor: a catch-up
 * after a pause brings thousands of messages in a few channels and topics.
 */
class Lookups {
  readonly #store: AccountStore;
  readonly settings: ReturnType<typeof settingsOf>;
  readonly #subscriptions = new Map<number, SubscriptionNotificationSettings | null>();
  readonly #visibility = new Map<string, VisibilityPolicy>();

  constructor(store: AccountStore) {
    this.#store = store;
    this.settings = settingsOf(store);
  }

  subscription(channelId: number): SubscriptionNotificationSettings | null {
    if (!this.#subscriptions.has(channelId)) this.#subscriptions.set(channelId, subscriptionOf(this.#store, channelId));
    return this.#subscriptions.get(channelId) ?? null;
  }

  visibility(channelId: number, topic: string): VisibilityPolicy {
    const key = `${channelId}\u0000${topic}`;
    let policy = this.#visibility.get(key);
    if (policy === undefined) {
      policy = this.#store.userTopics.policyOf(channelId, topic) as VisibilityPolicy;
      this.#visibility.set(key, policy);
    }
    return policy;
  }
}

function decide(look: Lookups, m: MessageHead, selfId: number, doNotDisturb: boolean) {
  const input: NotifyInput = {
    message: {
      senderId: m.senderId,
      to: m.channelId !== null ? { kind: 'channel', channelId: m.channelId, topic: m.topic } : { kind: 'dm' },
      flags: m.read ? [...m.otherFlags, 'read'] : m.otherFlags,
    },
    ownUserId: selfId,
    settings: look.settings,
    subscription: m.channelId !== null ? look.subscription(m.channelId) : null,
    topicVisibility: m.channelId !== null ? look.visibility(m.channelId, m.topic) : (0 as VisibilityPolicy),
    doNotDisturb,
  };
  return { decision: shouldNotify(input), settings: look.settings };
}

function nameOf(store: AccountStore, userId: number): string {
  return store.users.get(userId)?.fullName ?? 'Unknown user';
}

/**
 * The notifications these newly arrived messages (in ID order) call for, in message order. They
 * are decided on what MessageHead holds; only the ones that ring are read whole for their words
 * (a catch-up's thousands mostly do not).
 */
export function notificationsFor(
  store: AccountStore,
  selfId: number,
  messages: readonly MessageHead[],
  doNotDisturb: boolean,
): PendingNotification[] {
  const look = new Lookups(store);
  const ringing = new Map<number, NotifyReason>();
  for (const m of messages) {
    const { decision } = decide(look, m, selfId, doNotDisturb);
    if (decision.notify) ringing.set(m.id, decision.reason);
  }
  if (ringing.size === 0) return [];
  const settings = look.settings;
  const out: PendingNotification[] = [];
  for (const m of store.messages.getByIds([...ringing.keys()])) {
    const others = m.dmKey !== null ? othersInDm(m.dmKey, selfId) : [];
    const text = notificationText({
      senderName: m.senderFullName,
      to:
        m.channelId !== null
          ? {
              kind: 'channel',
              channelName: store.channels.getSubscribed(m.channelId)?.name ?? `channel ${m.channelId}`,
              topic: m.topic,
            }
          : {
              kind: 'dm',
              otherRecipientNames: others.filter((id) => id !== m.senderId).map((id) => nameOf(store, id)),
            },
      contentHtml: m.content,
      isMeMessage: m.isMeMessage,
      pmContentInDesktopNotifications: settings.pm_content_in_desktop_notifications,
      emptyTopicDisplayName: store.realm.getString('realm_empty_topic_display_name', 'general chat'),
    });
    const narrow: Narrow =
      m.channelId !== null
        ? { kind: 'topic', channelId: m.channelId, topic: m.topic }
        : { kind: 'dm', userIds: others };
    out.push({ ...text, narrow, messageId: m.id, reason: ringing.get(m.id)! });
  }
  return out;
}

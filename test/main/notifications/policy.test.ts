/**
 * The notification policy, rule by rule and in combination. Each row starts from Zulip's
 * default settings for a new user and changes only what it names.
 */
import { describe, expect, it } from 'vitest';
import {
  type NotificationSettings,
  type NotifyInput,
  type NotifyReason,
  type SubscriptionNotificationSettings,
  shouldNotify,
  VisibilityPolicy,
} from '../../../main/notifications';

const ME = 1;
const ALICE = 2;

/** Zulip's defaults for a new user. */
const DEFAULT_SETTINGS: NotificationSettings = {
  enable_desktop_notifications: true,
  enable_stream_desktop_notifications: false,
  wildcard_mentions_notify: true,
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_wildcard_mentions_notify: true,
};
const DEFAULT_SUB: SubscriptionNotificationSettings = {
  is_muted: false,
  desktop_notifications: null,
  wildcard_mentions_notify: null,
};

interface Row {
  dm?: boolean;
  from?: number;
  flags?: string[];
  settings?: Partial<NotificationSettings>;
  sub?: Partial<SubscriptionNotificationSettings> | null;
  topic?: VisibilityPolicy;
  dnd?: boolean;
}

function input(row: Row): NotifyInput {
  const dm = row.dm ?? false;
  return {
    message: {
      senderId: row.from ?? ALICE,
      to: dm ? { kind: 'dm' } : { kind: 'channel', channelId: 7, topic: 'lunch' },
      flags: row.flags ?? [],
    },
    ownUserId: ME,
    settings: { ...DEFAULT_SETTINGS, ...row.settings },
    subscription: dm || row.sub === null ? null : { ...DEFAULT_SUB, ...row.sub },
    topicVisibility: row.topic ?? VisibilityPolicy.None,
    doNotDisturb: row.dnd ?? false,
  };
}

const { Muted, Unmuted, Followed } = VisibilityPolicy;
const quiet = { enable_followed_topic_desktop_notifications: false };

// One rule per line reads better than prettier's wrapping of long rows.
// prettier-ignore
const ROWS: [string, Row, boolean, NotifyReason][] = [
  // The basics.
  ['a plain channel message', {}, false, 'not-notifiable'],
  ['a direct message', { dm: true }, true, 'direct-message'],
  ['a personal or group mention', { flags: ['mentioned'] }, true, 'mention'],
  ['an alert word', { flags: ['has_alert_word'] }, true, 'alert-word'],
  // Never: own messages, read messages, do-not-disturb.
  ['my own direct message', { dm: true, from: ME }, false, 'own-message'],
  ['my own message mentioning me in a loud channel', { from: ME, flags: ['mentioned'], sub: { desktop_notifications: true } }, false, 'own-message'],
  ['a direct message already read', { dm: true, flags: ['read'] }, false, 'already-read'],
  ['a mention already read', { flags: ['mentioned', 'read'] }, false, 'already-read'],
  ['a direct message during DND', { dm: true, dnd: true }, false, 'do-not-disturb'],
  ['a mention during DND', { flags: ['mentioned'], dnd: true }, false, 'do-not-disturb'],
  ['a loud channel during DND', { sub: { desktop_notifications: true }, dnd: true }, false, 'do-not-disturb'],
  ['a followed topic during DND', { topic: Followed, dnd: true }, false, 'do-not-disturb'],
  // Per-channel desktop_notifications, null inheriting enable_stream_desktop_notifications.
  ['a channel with desktop notifications on', { sub: { desktop_notifications: true } }, true, 'channel-notifications'],
  ['a channel inheriting an "on" default', { settings: { enable_stream_desktop_notifications: true } }, true, 'channel-notifications'],
  ['a channel set off against an "on" default', { sub: { desktop_notifications: false }, settings: { enable_stream_desktop_notifications: true } }, false, 'not-notifiable'],
  ['a channel set on against an "off" default', { sub: { desktop_notifications: true }, settings: { enable_stream_desktop_notifications: false } }, true, 'channel-notifications'],
  ['a loud channel with desktop notifications off', { sub: { desktop_notifications: true }, settings: { enable_desktop_notifications: false } }, true, 'channel-notifications'],
  ['an unsubscribed channel with an "on" default', { sub: null, settings: { enable_stream_desktop_notifications: true } }, false, 'not-notifiable'],
  // enable_desktop_notifications governs DMs, mentions, alerts and wildcards.
  ['a direct message with desktop notifications off', { dm: true, settings: { enable_desktop_notifications: false } }, false, 'desktop-notifications-off'],
  ['a mention with desktop notifications off', { flags: ['mentioned'], settings: { enable_desktop_notifications: false } }, false, 'desktop-notifications-off'],
  ['a wildcard with desktop notifications off', { flags: ['stream_wildcard_mentioned'], settings: { enable_desktop_notifications: false } }, false, 'desktop-notifications-off'],
  // Wildcard mentions and wildcard_mentions_notify (channel setting, null inheriting the user's).
  ['a channel wildcard mention', { flags: ['stream_wildcard_mentioned'] }, true, 'wildcard-mention'],
  ['a topic wildcard mention', { flags: ['topic_wildcard_mentioned'] }, true, 'wildcard-mention'],
  ['an old server\'s wildcard_mentioned flag', { flags: ['wildcard_mentioned'] }, true, 'wildcard-mention'],
  ['a wildcard with wildcard_mentions_notify off', { flags: ['stream_wildcard_mentioned'], settings: { wildcard_mentions_notify: false } }, false, 'not-notifiable'],
  ['a wildcard where the channel turns wildcards on', { flags: ['stream_wildcard_mentioned'], settings: { wildcard_mentions_notify: false }, sub: { wildcard_mentions_notify: true } }, true, 'wildcard-mention'],
  ['a wildcard where the channel turns wildcards off', { flags: ['topic_wildcard_mentioned'], sub: { wildcard_mentions_notify: false } }, false, 'not-notifiable'],
  // Muting.
  ['a muted channel, even if loud', { sub: { is_muted: true, desktop_notifications: true } }, false, 'muted-channel'],
  ['a muted topic in a loud channel', { sub: { desktop_notifications: true }, topic: Muted }, false, 'muted-topic'],
  ['an unmuted topic in a muted, loud channel', { sub: { is_muted: true, desktop_notifications: true }, topic: Unmuted }, true, 'channel-notifications'],
  ['an unmuted topic in a muted, quiet channel', { sub: { is_muted: true }, topic: Unmuted }, false, 'not-notifiable'],
  ['an unmuted topic in an unmuted channel', { topic: Unmuted }, false, 'not-notifiable'],
  ['a mention in a muted channel', { flags: ['mentioned'], sub: { is_muted: true } }, true, 'mention'],
  ['a mention in a muted topic', { flags: ['mentioned'], topic: Muted }, true, 'mention'],
  ['a wildcard in a muted channel', { flags: ['stream_wildcard_mentioned'], sub: { is_muted: true } }, false, 'muted-channel'],
  ['a wildcard in a muted topic', { flags: ['topic_wildcard_mentioned'], topic: Muted }, false, 'muted-topic'],
  ['a wildcard in an unmuted topic of a muted channel', { flags: ['stream_wildcard_mentioned'], sub: { is_muted: true }, topic: Unmuted }, true, 'wildcard-mention'],
  ['an alert word in a muted channel', { flags: ['has_alert_word'], sub: { is_muted: true } }, false, 'muted-channel'],
  ['a direct message ignores topic and channel muting input', { dm: true, topic: Muted }, true, 'direct-message'],
  // Followed topics.
  ['a followed topic', { topic: Followed }, true, 'followed-topic'],
  ['a followed topic with followed notifications off', { topic: Followed, settings: quiet }, false, 'not-notifiable'],
  ['a followed topic in a muted channel', { topic: Followed, sub: { is_muted: true } }, true, 'followed-topic'],
  ['a followed topic with desktop notifications off', { topic: Followed, settings: { enable_desktop_notifications: false } }, true, 'followed-topic'],
  ['a wildcard in a followed topic, wildcards off elsewhere', { topic: Followed, flags: ['topic_wildcard_mentioned'], settings: { ...quiet, wildcard_mentions_notify: false } }, true, 'followed-topic-wildcard-mention'],
  ['a wildcard in a followed topic, all wildcard settings off', { topic: Followed, flags: ['stream_wildcard_mentioned'], settings: { ...quiet, wildcard_mentions_notify: false, enable_followed_topic_wildcard_mentions_notify: false } }, false, 'not-notifiable'],
  ['a wildcard in a followed topic of a muted channel', { topic: Followed, flags: ['stream_wildcard_mentioned'], sub: { is_muted: true }, settings: { ...quiet, wildcard_mentions_notify: false } }, true, 'followed-topic-wildcard-mention'],
  ['a plain message in a followed topic of a muted channel, quiet', { topic: Followed, sub: { is_muted: true }, settings: quiet }, false, 'not-notifiable'],
  // Alert words (has_alert_word), as Zulip's web app: like a DM or mention for enable_desktop_notifications,
  // but muting wins (only personal mentions break through it), and never for one's own message.
  ['an alert word in a direct message', { dm: true, flags: ['has_alert_word'] }, true, 'direct-message'],
  ['my own message with my alert word', { from: ME, flags: ['has_alert_word'] }, false, 'own-message'],
  ['an alert word already read', { flags: ['has_alert_word', 'read'] }, false, 'already-read'],
  ['an alert word during DND', { flags: ['has_alert_word'], dnd: true }, false, 'do-not-disturb'],
  ['an alert word with desktop notifications off', { flags: ['has_alert_word'], settings: { enable_desktop_notifications: false } }, false, 'desktop-notifications-off'],
  ['an alert word in a channel set quiet', { flags: ['has_alert_word'], sub: { desktop_notifications: false } }, true, 'alert-word'],
  ['an alert word in a muted topic', { flags: ['has_alert_word'], topic: Muted }, false, 'muted-topic'],
  ['an alert word in an unmuted topic of a muted channel', { flags: ['has_alert_word'], sub: { is_muted: true }, topic: Unmuted }, true, 'alert-word'],
  ['an alert word in a followed topic, followed notifications off', { flags: ['has_alert_word'], topic: Followed, settings: quiet }, true, 'alert-word'],
  ['an alert word that also mentions me', { flags: ['has_alert_word', 'mentioned'] }, true, 'alert-word'],
  ['an alert word with a wildcard, wildcards off', { flags: ['has_alert_word', 'stream_wildcard_mentioned'], settings: { wildcard_mentions_notify: false } }, true, 'alert-word'],
];

describe('shouldNotify', () => {
  it.each(ROWS)('%s', (_name, row, notify, reason) => {
    expect(shouldNotify(input(row))).toEqual({ notify, reason });
  });
});

/** Every combination of the inputs that matter, for rules that must hold whatever else is set. */
function* everyInput(): Generator<Row> {
  const bools = [false, true];
  const flagSets = [[], ['mentioned'], ['stream_wildcard_mentioned'], ['topic_wildcard_mentioned'], ['has_alert_word']];
  for (const dm of bools)
    for (const flags of flagSets)
      for (const topic of [0, 1, 2, 3] as VisibilityPolicy[])
        for (const is_muted of bools)
          for (const desktop_notifications of [null, false, true])
            for (const wildcard_mentions_notify of [null, false, true])
              for (let bits = 0; bits < 32; bits++) {
                const [a, b, c, d, e] = [0, 1, 2, 3, 4].map((i) => (bits & (1 << i)) !== 0);
                const settings = {
                  enable_desktop_notifications: a ?? false,
                  enable_stream_desktop_notifications: b ?? false,
                  wildcard_mentions_notify: c ?? false,
                  enable_followed_topic_desktop_notifications: d ?? false,
                  enable_followed_topic_wildcard_mentions_notify: e ?? false,
                };
                yield {
                  dm,
                  flags,
                  topic,
                  sub: { is_muted, desktop_notifications, wildcard_mentions_notify },
                  settings,
                };
              }
}

describe('shouldNotify across every combination', () => {
  it('never notifies about my own, already-read or do-not-disturb messages', () => {
    let checked = 0;
    for (const row of everyInput()) {
      expect(shouldNotify(input({ ...row, from: ME })).notify).toBe(false);
      expect(shouldNotify(input({ ...row, flags: [...(row.flags ?? []), 'read'] })).notify).toBe(false);
      expect(shouldNotify(input({ ...row, dnd: true })).notify).toBe(false);
      checked++;
    }
    expect(checked).toBe(2 * 5 * 4 * 2 * 3 * 3 * 32);
  });

  it('always notifies about a DM or a personal mention while desktop notifications are on', () => {
    for (const row of everyInput()) {
      if (!row.settings?.enable_desktop_notifications) continue;
      if (row.dm) expect(shouldNotify(input(row)).notify).toBe(true);
      if (row.flags?.includes('mentioned')) expect(shouldNotify(input(row)).notify).toBe(true);
    }
  });

  it('never lets a wildcard mention through a muted channel unless the topic is unmuted or followed', () => {
    for (const row of everyInput()) {
      const muted = row.sub?.is_muted === true && row.topic !== Unmuted && row.topic !== Followed;
      if (row.dm || !muted || !row.flags?.some((f) => f.includes('wildcard'))) continue;
      expect(shouldNotify(input(row))).toEqual({ notify: false, reason: 'muted-channel' });
    }
  });
});

import { FLAG_BITS } from '../store/flags';
import type { ChannelRow } from '../store/rows';
import type { SeedBuilder } from './builder';
import type { Planned } from './demo';
import { P } from './demo_org';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/**
 * Who was last seen when, in seconds before the seed's `now` (the server's first start):
 * [person, last active (null: never active), last connected]. Active means at the keyboard, idle
 * only connected. Amir and Zanele are active, Tomás idle (away from his desk), Priya idle with a
 * client that never reported her active (Zulip then reports her join date as her active time),
 * Lars offline for days. Noah, Mei and Gabriel never reported presence (no data: offline); the
 * owner's own presence comes from the client she signs in with.
 */
const LAST_SEEN: ReadonlyArray<readonly [string, number | null, number]> = [
  [P.amir, 0, 0],
  [P.zanele, 30, 30],
  [P.tomas, 40 * MINUTE, 50],
  [P.priya, null, 20],
  [P.lars, 3 * DAY + 4 * HOUR, 3 * DAY + 4 * HOUR],
];

/**
 * Alert words, added before the message script so the history is flagged as if they had been
 * set weeks ago. The owner's words appear only in the scripted messages below; Amir's "outage"
 * also turns up in ordinary chatter.
 */
export const DEMO_ALERT_WORDS: Readonly<Record<string, readonly string[]>> = {
  [P.olivia]: ['offsite', 'code freeze', 'security review'],
  [P.amir]: ['outage'],
};

/** The demo's presence rows; the store numbers them in order, as a server that heard them would. */
export function seedDemoPresence(build: SeedBuilder): void {
  for (const [email, activeAgo, connectedAgo] of LAST_SEEN) {
    build.store.records.presence.save({
      user_id: build.id(email),
      last_connected_time: build.now - connectedAgo,
      last_active_time: activeAgo === null ? null : build.now - activeAgo,
    });
  }
}

export function seedDemoAlertWords(build: SeedBuilder): void {
  for (const [email, words] of Object.entries(DEMO_ALERT_WORDS))
    build.store.records.alertWords.add(build.id(email), words);
}

/**
 * Messages with the owner's alert words: two read ones in the history, and three in the last ten
 * minutes (after every other scripted or random message) left unread for her, one of them a DM.
 * Their flags are fixed, so they draw nothing from the PRNG and the rest of the script stays the same.
 */
export function alertWordMessages(build: SeedBuilder, channels: Record<string, ChannelRow>): Planned[] {
  const owner = build.id(P.olivia);
  const read = () => FLAG_BITS.read;
  const unreadForOwner = (userId: number) => (userId === owner ? 0 : FLAG_BITS.read);
  const inChannel = (
    agoSeconds: number,
    sender: string,
    channel: string,
    topic: string,
    content: string,
    flags: (userId: number) => number,
  ): Planned => ({
    date: build.now - agoSeconds,
    sender: build.id(sender),
    destination: { kind: 'channel', channel: channels[channel]!, topic },
    content,
    client: 'ZulipElectron',
    flags,
  });
  return [
    inChannel(
      19 * DAY,
      P.mei,
      'leadership',
      'offsite',
      'The venue shortlist for the offsite is in the doc. Vote by Friday, please.',
      read,
    ),
    inChannel(
      9 * DAY,
      P.amir,
      'engineering',
      'reviews',
      'Reminder: code freeze for 2.4 starts Thursday at 12:00 UTC. Only fixes after that.',
      read,
    ),
    inChannel(
      9 * MINUTE,
      P.mei,
      'design',
      'onboarding flow',
      'The new sign-up screens need a security review before they ship. Who can take it?',
      unreadForOwner,
    ),
    {
      date: build.now - 7 * MINUTE,
      sender: build.id(P.noah),
      destination: { kind: 'direct', userIds: [owner] },
      content: 'Quick one: are the partners invited to the offsite this year?',
      client: 'ZulipMobile',
      flags: unreadForOwner,
    },
    inChannel(
      5 * MINUTE,
      P.amir,
      'engineering',
      'API design',
      'Next code freeze is Monday; can the events endpoint change land before it?',
      unreadForOwner,
    ),
  ];
}

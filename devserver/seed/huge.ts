import { renderMarkdown, type Rendered } from '../markdown/render';
import { storeDirectory } from '../messaging/directory';
import type { Destination } from '../messaging/write';
import { FLAG_BITS } from '../store/flags';
import type { ChannelRow } from '../store/rows';
import type { Store } from '../store/store';
import type { SeedBuilder } from './builder';
import { seedDemo } from './demo';
import { P } from './demo_org';
import { demoMessage } from './demo_text';
import { hugePeople } from './huge_people';

const DAY = 86_400;
/**
 * Sized like the biggest real Zulip communities, as measured in issue 28: 30,012 people, 409
 * channels (257 of them the owner's, as register lists them), ~5,000 topics, ~333k messages, ~45k
 * unread and 750 DM conversations for the owner. The demo brings 12 people, 9 channels (7 of them
 * the owner's, and one archived she is in), ~3,100 messages and 5 of the owner's DM conversations.
 */
export const HUGE = {
  people: 30_000,
  subscribedChannels: 250,
  otherChannels: 150,
  topicsPerChannel: 20,
  channelMessages: 322_000,
  /** Written into the channel everyone is in: each one costs 30,000 deliveries. */
  everyoneMessages: 12,
  dmConversations: 745,
  messagesPerDm: 10,
  /** The newest channel messages, each unread for its receivers with UNREAD_CHANCE. */
  unreadWindow: 62_000,
  historyDays: 365,
} as const;
const UNREAD_CHANCE = 0.87;
const TEXTS = 600;
const STAFF = [P.olivia, P.amir, P.mei, P.noah, P.priya, P.lars, P.zanele, P.tomas];
/** Who is in every team channel: the owner and the administrator, who sign in to measure it. */
const TEAM_STAFF = [P.olivia, P.amir];
const TOPIC_WORDS = ['planning', 'review', 'release', 'bugs', 'ideas', 'metrics', 'hiring', 'support', 'docs', 'ops'];

interface Planned {
  date: number;
  sender: number;
  destination: Destination;
  unreadable: boolean;
}

/**
 * The `huge` seed: "Parley Demo" grown to the size of the biggest Zulip communities (HUGE), for
 * measuring whether every screen holds up there (bench/suites/huge.ts). Most people are in one
 * channel, `everyone`, whose subscriber list is what `include_subscribers: "partial"` cuts short;
 * team channels have the owner, the administrator and four others; DMs are with people of the whole range.
 * Deterministic apart from timestamps. Its messages are written in date order, so IDs follow dates.
 */
export function seedHuge(store: Store, now: number): void {
  const { build, org } = seedDemo(store, now);
  const { prng } = build;
  const people = hugePeople(HUGE.people);
  build.users(people);
  const emails = people.map((p) => p.email);

  const everyone = build.channel('everyone', 'The whole company.', P.olivia, org.groups, { daysOld: 400 });
  for (const email of [...STAFF, ...emails]) build.subscribe(email, everyone);
  const teams: { channel: ChannelRow; senders: number[]; topics: string[] }[] = [];
  for (let t = 0; t < HUGE.subscribedChannels - 1; t++) {
    const channel = build.channel(`team-${String(t + 1).padStart(3, '0')}`, `Team ${t + 1}.`, P.olivia, org.groups, {
      daysOld: HUGE.historyDays + 10,
    });
    const members = [...TEAM_STAFF, ...prng.sample(emails.slice(t * 100, t * 100 + 100), 4)];
    for (const email of members) build.subscribe(email, channel);
    const topics = Array.from(
      { length: HUGE.topicsPerChannel },
      (_, i) => `${TOPIC_WORDS[i % TOPIC_WORDS.length]} ${t + 1}.${i + 1}`,
    );
    teams.push({ channel, senders: members.map((email) => build.id(email)), topics });
  }
  // Channels the owner can browse and join, but is not in.
  for (let c = 0; c < HUGE.otherChannels; c++) {
    const channel = build.channel(`guild-${String(c + 1).padStart(3, '0')}`, `Guild ${c + 1}.`, P.amir, org.groups);
    for (const email of prng.sample(emails, 8)) build.subscribe(email, channel);
  }

  const plan = planMessages(build, teams, everyone, now);
  // Millions of deliveries: a page cache big enough for the indexes they grow keeps a file-backed
  // database from spilling to disk mid-transaction (it is set back once written).
  const cacheSize = store.db.pragma('cache_size', { simple: true }) as number;
  store.db.pragma('cache_size = -524288');
  try {
    writePlanned(build, plan);
  } finally {
    store.db.pragma(`cache_size = ${cacheSize}`);
  }
}

function planMessages(
  build: SeedBuilder,
  teams: { channel: ChannelRow; senders: number[]; topics: string[] }[],
  everyone: ChannelRow,
  now: number,
): Planned[] {
  const { prng } = build;
  const start = now - HUGE.historyDays * DAY;
  const span = HUGE.historyDays * DAY - 3600;
  const plan: Planned[] = [];
  for (let i = 0; i < HUGE.channelMessages; i++) {
    const team = prng.pick(teams);
    plan.push({
      date: start + Math.floor(((i + prng.next()) / HUGE.channelMessages) * span),
      sender: prng.pick(team.senders),
      destination: { kind: 'channel', channel: team.channel, topic: prng.pick(team.topics) },
      unreadable: i >= HUGE.channelMessages - HUGE.unreadWindow,
    });
  }
  const staff = STAFF.map((email) => build.id(email));
  for (let i = 0; i < HUGE.everyoneMessages; i++) {
    const destination: Destination = { kind: 'channel', channel: everyone, topic: 'company news' };
    plan.push({ date: now - (i + 1) * 7 * DAY, sender: prng.pick(staff), destination, unreadable: false });
  }
  const olivia = build.id(P.olivia);
  const firstPerson = build.id('member1@huge.example');
  for (let c = 0; c < HUGE.dmConversations; c++) {
    // Every tenth conversation is a group of three; the others are one-to-one, spread over everyone.
    const others = c % 10 === 9 ? [firstPerson + c * 40, firstPerson + c * 40 + 1] : [firstPerson + c * 40];
    for (let m = 0; m < HUGE.messagesPerDm; m++) {
      plan.push({
        date: now - prng.int(1, HUGE.historyDays * DAY),
        sender: m % 2 === 0 ? olivia : prng.pick(others),
        destination: { kind: 'direct', userIds: [olivia, ...others] },
        unreadable: m === HUGE.messagesPerDm - 1,
      });
    }
  }
  return plan.sort((a, b) => a.date - b.date);
}

function writePlanned(build: SeedBuilder, plan: Planned[]): void {
  const { prng, store } = build;
  const directory = storeDirectory(store);
  const staffNames = STAFF.map((email) => store.users.byDeliveryEmail(email)?.full_name ?? '');
  const texts: { content: string; rendered: Rendered }[] = [];
  for (let i = 0; i < TEXTS; i++) {
    const content = demoMessage(prng, { mentionable: staffNames, channels: ['general', 'engineering'] });
    texts.push({ content, rendered: renderMarkdown(content, directory) });
  }
  const alertWords = store.records.alertWords.byUser();
  const subscribers = new Map<number, number[]>();
  const subscribersOf = (channel: ChannelRow): number[] => {
    let ids = subscribers.get(channel.id);
    if (!ids) subscribers.set(channel.id, (ids = store.channels.subscribers(channel.id)));
    return ids;
  };
  for (const item of plan) {
    const text = prng.pick(texts);
    const { destination } = item;
    const unread = item.unreadable && prng.chance(UNREAD_CHANCE);
    build.message({
      senderId: item.sender,
      destination,
      content: text.content,
      rendered: text.rendered,
      dateSent: item.date,
      client: 'website',
      readBySender: true,
      extraFlags: () => (unread ? 0 : FLAG_BITS.read),
      known: {
        alertWords,
        ...(destination.kind === 'channel' ? { channelSubscribers: subscribersOf(destination.channel) } : {}),
      },
    });
  }
}

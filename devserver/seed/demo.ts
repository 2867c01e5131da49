import { seedDemoEmoji } from './demo_emoji';
import { EMOJI } from '../markdown/emoji';
import type { Destination, MessageToWrite } from '../messaging/write';
import { FLAG_BITS } from '../store/flags';
import type { ChannelRow } from '../store/rows';
import type { Store } from '../store/store';
import { SeedBuilder } from './builder';
import { createDemoOrg, DEMO_PASSWORD, demoSubscribers, DM_GROUPS, P, type DemoOrg } from './demo_org';
import { demoMessage, TOPICS, typoVersion } from './demo_text';
import { seedDemoChannelExtras } from './demo_channels';
import { alertWordMessages, seedDemoAlertWords, seedDemoPresence } from './demo_presence';
import { seedDemoRecords } from './demo_records';
import { seedDemoTopicPolicies } from './demo_topics';

const DAY = 86_400;
const CHANNEL_MESSAGES = 2600;
const DIRECT_MESSAGES = 420;
const HISTORY_DAYS = 28;
const REACTION_EMOJI = ['+1', 'heart', 'tada', 'smile', 'eyes', 'rocket', 'joy', 'check'];
const CLIENTS = ['ZulipElectron', 'ZulipMobile', 'website'];

export interface Planned {
  date: number;
  sender: number;
  destination: Destination;
  content: string;
  client: string;
  bot?: boolean;
  /** Fixed flags per receiver: the message is written as is, drawing nothing from the PRNG. */
  flags?: (userId: number) => number;
}

/**
 * The `demo` seed, "Parley Demo": the organization from demo_org.ts and about three thousand
 * messages over the last four weeks (channels, one-to-one, group and self DMs) with Markdown,
 * mentions, reactions, a few edits and moves, stars, and recent messages left unread; alert words
 * with messages that match them, and presence (demo_presence.ts).
 * Deterministic apart from timestamps, which are relative to `now`.
 */
export function seedDemo(store: Store, now: number): { build: SeedBuilder; org: DemoOrg } {
  store.realm.create({
    name: 'Parley Demo',
    description: 'A demo organization for **Parley**, seeded with people, channels and a few weeks of chat.',
    string_id: '',
    placeholder_email_domain: 'parley.localhost',
    date_created: now - 120 * DAY,
    topics_policy: 'allow_empty_topic',
    empty_topic_display_name: 'general chat',
  });
  const build = new SeedBuilder(store, now, DEMO_PASSWORD, 20_240_611);
  const { prng } = build;
  const org = createDemoOrg(build);
  seedDemoEmoji(build);
  const names = new Map(store.users.all().map((u) => [u.id, u.full_name]));
  const channelNames = Object.keys(org.channels);
  const plan: Planned[] = [];
  const start = now - HISTORY_DAYS * DAY;
  const at = (i: number, total: number): number =>
    start + Math.floor(((i + prng.next()) / total) * (HISTORY_DAYS * DAY - 600));

  for (const channel of Object.values(org.channels)) {
    const creator = build.id(P.olivia);
    plan.push({
      date: channel.date_created,
      sender: build.id(P.notificationBot),
      destination: { kind: 'channel', channel, topic: 'channel events' },
      content: `@_**${names.get(creator)}|${creator}** created this channel.`,
      client: 'Internal',
      bot: true,
    });
  }
  for (let i = 0; i < CHANNEL_MESSAGES; i++) {
    const date = at(i, CHANNEL_MESSAGES);
    const open = Object.values(org.channels).filter((c) => c.date_created < date - 3600);
    const channel = prng.pick(open);
    const senders = demoSubscribers(build, channel);
    if (senders.length === 0) continue;
    const sender = prng.pick(senders);
    const topic = prng.pick(TOPICS[channel.name] ?? ['misc']);
    const mentionable = senders.filter((id) => id !== sender).map((id) => names.get(id) ?? '');
    const content = demoMessage(prng, { mentionable, channels: channelNames.filter((n) => n !== 'leadership') });
    plan.push({ date, sender, destination: { kind: 'channel', channel, topic }, content, client: prng.pick(CLIENTS) });
  }
  for (let i = 0; i < DIRECT_MESSAGES; i++) {
    const group = prng.pick(DM_GROUPS).map((email) => build.id(email));
    const sender = prng.pick(group);
    const others = group.filter((id) => id !== sender);
    const content = demoMessage(prng, { mentionable: others.map((id) => names.get(id) ?? ''), channels: [] });
    plan.push({
      date: at(i, DIRECT_MESSAGES),
      sender,
      destination: { kind: 'direct', userIds: others.length ? others : [sender] },
      content,
      client: prng.pick(CLIENTS),
    });
  }
  scriptedMessages(build, org.channels, now, plan);
  plan.push(...alertWordMessages(build, org.channels));
  plan.sort((a, b) => a.date - b.date);
  seedDemoAlertWords(build);

  const owner = build.id(P.olivia);
  for (const item of plan) {
    if (item.flags) {
      writePlanned(build, item, item.flags);
      continue;
    }
    const recent = item.date > now - 2 * DAY;
    const edited = !item.bot && prng.chance(0.02) && typoVersion(item.content) !== item.content;
    const moved = !edited && item.destination.kind === 'channel' && !item.bot && prng.chance(0.004);
    const editAt = item.date + prng.int(30, 900);
    const flags = (userId: number): number =>
      (recent && prng.chance(userId === owner ? 0.6 : 0.45) ? 0 : FLAG_BITS.read) |
      (prng.chance(0.015) ? FLAG_BITS.starred : 0);
    const id = writePlanned(build, item, flags, {
      ...(edited
        ? {
            lastEditTimestamp: editAt,
            editHistory: [
              {
                user_id: item.sender,
                timestamp: editAt,
                prev_content: typoVersion(item.content),
                prev_rendered_content: `<p>${escapeHtml(typoVersion(item.content))}</p>`,
              },
            ],
          }
        : {}),
      ...(moved && item.destination.kind === 'channel'
        ? {
            lastMovedTimestamp: editAt,
            editHistory: [
              { user_id: item.sender, timestamp: editAt, prev_topic: 'misc', topic: item.destination.topic },
            ],
          }
        : {}),
    });
    if (!item.bot && prng.chance(0.15)) addReactions(build, id, item);
  }
  seedDemoRecords(build, org.channels);
  seedDemoChannelExtras(build, org);
  build.renderChannelDescriptions();
  seedDemoTopicPolicies(build, org.channels);
  seedDemoPresence(build);
  return { build, org };
}

function writePlanned(
  build: SeedBuilder,
  item: Planned,
  flags: (userId: number) => number,
  history: Pick<MessageToWrite, 'editHistory' | 'lastEditTimestamp' | 'lastMovedTimestamp'> = {},
): number {
  return build.message({
    senderId: item.sender,
    destination: item.destination,
    content: item.content,
    dateSent: item.date,
    client: item.client,
    readBySender: !item.bot,
    extraFlags: flags,
    ...history,
  });
}

/** Messages placed on purpose: CI reports, @all announcements, recent mentions of the owner. */
function scriptedMessages(
  build: SeedBuilder,
  channels: Record<string, ChannelRow>,
  now: number,
  plan: Planned[],
): void {
  const { prng } = build;
  const bot = build.id(P.buildBot);
  for (let i = 0; i < 60; i++) {
    const run = 1200 + i;
    const ok = prng.chance(0.8);
    const content = ok
      ? `:check: Build #${run} passed on \`main\` in ${prng.int(2, 9)}m ${prng.int(0, 59)}s.`
      : `Build #${run} **failed**: ${prng.int(1, 4)} tests in \`api/messages\`. Logs: https://example.com/ci/${run}`;
    plan.push({
      date: now - HISTORY_DAYS * DAY + Math.floor(((i + 0.5) / 60) * HISTORY_DAYS * DAY),
      sender: bot,
      destination: { kind: 'channel', channel: channels['engineering']!, topic: 'CI' },
      content,
      client: 'API',
      bot: true,
    });
  }
  const announce = (daysAgo: number, topic: string, content: string): void => {
    plan.push({
      date: now - daysAgo * DAY,
      sender: build.id(P.olivia),
      destination: { kind: 'channel', channel: channels['announcements']!, topic },
      content,
      client: 'website',
    });
  };
  announce(
    20,
    'all-hands',
    '@**all** The all-hands moves to **Thursday 16:00 UTC** this month. Agenda in the thread below.',
  );
  announce(
    1.5,
    'release 2.4',
    '@**all** Release 2.4 is out :tada:\n\n- faster search\n- dark mode fixes\n- new keyboard shortcuts\n\nFull notes: https://example.org/blog/2024/release-notes',
  );
  const mentionOwner: Array<[string, string, string]> = [
    [P.amir, 'engineering', 'API design'],
    [P.mei, 'general', 'weekly sync'],
    [P.noah, 'engineering', 'reviews'],
    [P.tomas, 'partners', 'integration'],
  ];
  mentionOwner.forEach(([sender, channel, topic], i) => {
    plan.push({
      date: now - (6 - i) * 3600,
      sender: build.id(sender),
      destination: { kind: 'channel', channel: channels[channel]!, topic },
      content:
        `@**Olivia Ortega** could you take a look at this before the end of the day? ${i === 0 ? '@**topic** FYI' : ''}`.trim(),
      client: 'ZulipElectron',
    });
  });
  plan.push({
    date: now - 2 * 3600,
    sender: build.id(P.gabriel),
    destination: { kind: 'direct', userIds: [build.id(P.olivia)] },
    content: 'Hi Olivia, the partner contract draft is ready for review.',
    client: 'website',
  });
}

function addReactions(build: SeedBuilder, messageId: number, item: Planned): void {
  const { prng, store } = build;
  const audience =
    item.destination.kind === 'channel'
      ? demoSubscribers(build, item.destination.channel)
      : store.recipients.participants(store.recipients.direct([...item.destination.userIds, item.sender]));
  for (const userId of prng.sample(audience, prng.int(1, 3))) {
    const name = prng.pick(REACTION_EMOJI);
    store.messages.react({
      message_id: messageId,
      user_id: userId,
      emoji_name: name,
      emoji_code: EMOJI[name] ?? '1f44d',
    });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

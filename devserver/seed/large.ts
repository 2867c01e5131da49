import { renderMarkdown, type Rendered } from '../markdown/render';
import { storeDirectory } from '../messaging/directory';
import { FLAG_BITS } from '../store/flags';
import { ROLE, type ChannelRow } from '../store/rows';
import type { Store } from '../store/store';
import type { SeedUser } from './builder';
import { seedDemo } from './demo';
import { P } from './demo_org';
import { demoMessage } from './demo_text';

const DAY = 86_400;
/** Sized like the organization issue 10 was measured on (103k messages). */
export const LARGE = { people: 400, channels: 40, messages: 100_000, historyDays: 365 } as const;
/** Messages newer than this are left unread for about half the people, as in a busy week back from leave. */
const UNREAD_DAYS = 45;
/** Distinct message texts, each rendered once: rendering 100k messages would make every start slow. */
const TEXTS = 600;
const TOPIC_WORDS = ['planning', 'review', 'release', 'bugs', 'ideas', 'metrics', 'hiring', 'support', 'docs', 'ops'];
const FIRST = ['Ada', 'Ben', 'Chidi', 'Dara', 'Emil', 'Fatima', 'Goran', 'Hana', 'Ines', 'Jonas', 'Kofi', 'Lea'];
const LAST = ['Alves', 'Brandt', 'Costa', 'Dahl', 'Eze', 'Fischer', 'Garcia', 'Holm', 'Ito', 'Jansen', 'Kaur'];
/** The demo's staff, subscribed to every team channel so whoever signs in sees the whole history. */
const STAFF = [P.olivia, P.amir, P.mei, P.noah, P.priya, P.lars, P.zanele, P.tomas];

/**
 * The `large` seed: "Parley Demo" grown to a busy company, for measuring what size costs
 * (bench/suites/ui.ts): 400 more people, 40 team channels with 25 topics each and 100,000 more
 * channel messages over a year, those of the last six weeks mostly unread. Deterministic apart
 * from timestamps. Seeding takes some seconds: keep it in a file (--data) when starting often.
 */
export function seedLarge(store: Store, now: number): void {
  const { build, org } = seedDemo(store, now);
  const { prng } = build;
  const people: SeedUser[] = [];
  for (let i = 0; i < LARGE.people; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i + 1}`;
    people.push({ email: `person${i + 1}@parley.example`, fullName: name, role: ROLE.member, timezone: 'UTC' });
  }
  build.users(people);

  const teams: { channel: ChannelRow; senders: number[]; topics: string[] }[] = [];
  for (let t = 0; t < LARGE.channels; t++) {
    const channel = build.channel(
      `team-${String(t + 1).padStart(2, '0')}`,
      `Team ${t + 1}'s channel.`,
      P.olivia,
      org.groups,
      {
        daysOld: LARGE.historyDays + 10,
      },
    );
    const members = [...STAFF, ...prng.sample(people, 6).map((p) => p.email)];
    for (const email of members) build.subscribe(email, channel);
    const topics = Array.from({ length: 25 }, (_, i) => `${TOPIC_WORDS[i % TOPIC_WORDS.length]} ${t + 1}.${i + 1}`);
    teams.push({ channel, senders: members.map((email) => build.id(email)), topics });
  }

  const directory = storeDirectory(store);
  const names = store.users.all().map((u) => u.full_name);
  const texts: { content: string; rendered: Rendered }[] = [];
  for (let i = 0; i < TEXTS; i++) {
    const content = demoMessage(prng, { mentionable: names.slice(0, 8), channels: ['general', 'engineering'] });
    texts.push({ content, rendered: renderMarkdown(content, directory) });
  }
  const start = now - LARGE.historyDays * DAY;
  const unreadFrom = now - UNREAD_DAYS * DAY;
  for (let i = 0; i < LARGE.messages; i++) {
    const date = start + Math.floor(((i + prng.next()) / LARGE.messages) * (LARGE.historyDays * DAY - 3600));
    const team = prng.pick(teams);
    const text = prng.pick(texts);
    const unread = date > unreadFrom;
    build.message({
      senderId: prng.pick(team.senders),
      destination: { kind: 'channel', channel: team.channel, topic: prng.pick(team.topics) },
      content: text.content,
      rendered: text.rendered,
      dateSent: date,
      client: 'website',
      readBySender: true,
      extraFlags: () => (unread && prng.chance(0.8) ? 0 : FLAG_BITS.read),
    });
  }
}

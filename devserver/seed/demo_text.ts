import type { Prng } from './prng';

/** Topics per demo channel ('' is the empty "general chat" topic, where the channel allows it). */
export const TOPICS: Readonly<Record<string, string[]>> = {
  general: ['welcome', 'office plans', 'lunch', 'weekly sync', 'tooling survey', 'holiday schedule'],
  announcements: ['release 2.4', 'security update', 'all-hands', 'new office'],
  engineering: ['reviews', 'CI', 'database migration', 'flaky tests', 'API design', 'incident 42', 'performance'],
  design: ['icon set', 'dark mode', 'onboarding flow', 'typography', 'user research'],
  random: ['pets', 'books', 'coffee', 'weekend', 'music', 'links'],
  leadership: ['hiring', 'budget', 'roadmap', 'offsite'],
  partners: ['integration', 'kickoff', 'shared timeline', 'questions'],
  help: ['', 'vpn', 'laptop setup', 'calendar', 'passwords'],
};

const OPENERS = [
  'Quick update:',
  'Heads up,',
  'Following up on yesterday:',
  'Good news!',
  'Small question:',
  'For the record,',
  'Thinking out loud here:',
  'Agreed.',
  'Sounds good to me.',
  'I had a look and',
];

const SENTENCES = [
  'the staging deploy went through without any errors',
  'I pushed a fix for the timezone bug we saw on Monday',
  'can someone take a look at the draft before Thursday',
  'the numbers from last week look a lot better than expected',
  'I moved the meeting to the afternoon so more people can join',
  'we should write this down somewhere people will actually find it',
  'the new build feels noticeably faster on my machine',
  'I am not sure the current approach scales past a few thousand users',
  'let us keep the scope small and ship the first part this week',
  'the coffee machine on the third floor is fixed again',
  'I left a few comments, nothing blocking',
  'this reminds me of the outage we had in spring',
  'the docs still mention the old flag, I will update them',
  'does anyone know who owns the billing dashboard now',
  'I tried it on a slow connection and it still loads in about two seconds',
  'we could batch those requests instead of sending them one by one',
  'the mockups are in the shared folder, feedback welcome',
  'my vote goes to the simpler option',
  'I will be out on Friday, ping me before then if you need anything',
  'the test suite passes locally but fails on CI for some reason',
  'the customer call went well and they want a follow-up next month',
  'I found a nice recipe for the team lunch',
  'the contrast on those buttons is too low for comfortable reading',
  'let us timebox this to thirty minutes',
  'I rewrote the migration so it can run in smaller steps',
  'we need a second reviewer for the schema change',
  'I booked the big room for the workshop',
  'the cat walked over my keyboard and sent half a message earlier',
  'the survey closes at the end of the week',
  'thanks everyone for the quick turnaround',
];

const CLOSERS = ['Thoughts?', 'Let me know.', 'More soon.', 'Thanks!', '', '', '', 'Happy to pair on it.', 'No rush.'];

const CODE_SNIPPETS: ReadonlyArray<readonly [string, string]> = [
  ['ts', 'const unread = messages.filter((m) => !m.flags.includes("read"));\nconsole.log(unread.length);'],
  [
    'python',
    'def retry(fn, attempts=3):\n    for i in range(attempts):\n        try:\n            return fn()\n        except TimeoutError:\n            continue',
  ],
  [
    'sql',
    "SELECT channel_id, count(*)\nFROM messages\nWHERE date_sent > now() - interval '7 days'\nGROUP BY channel_id;",
  ],
  ['bash', 'git fetch origin && git rebase origin/main\nnpm test -- --project node'],
  ['json', '{\n  "retry": true,\n  "timeout_ms": 2500\n}'],
];

const LINKS = [
  'https://example.com/docs/getting-started',
  'https://example.org/blog/2024/release-notes',
  'https://example.net/design/tokens',
  'https://example.com/status',
];

const EMOJI_NAMES = ['tada', 'rocket', 'eyes', 'coffee', 'sparkles', 'thinking', 'fire', 'wave'];

/** Ingredients a message may mix in: names to mention and channels to link. */
export interface TextContext {
  mentionable: string[];
  channels: string[];
}

/** A plausible chat message in Markdown: prose, sometimes with code, links, lists, mentions, emoji. */
export function demoMessage(prng: Prng, ctx: TextContext): string {
  const kind = prng.weighted<string>([
    ['plain', 60],
    ['mention', 10],
    ['code', 6],
    ['link', 6],
    ['list', 4],
    ['quote', 3],
    ['emoji', 7],
    ['channel', 3],
    ['me', 1],
  ]);
  const sentence = (): string => prng.pick(SENTENCES);
  const prose = (): string => {
    const first = `${prng.pick(OPENERS)} ${sentence()}.`;
    const more = prng.chance(0.4) ? ` ${capitalize(sentence())}.` : '';
    const closer = prng.pick(CLOSERS);
    return `${first}${more}${closer ? ` ${closer}` : ''}`;
  };
  switch (kind) {
    case 'mention':
      return ctx.mentionable.length > 0 ? `@**${prng.pick(ctx.mentionable)}** ${sentence()}?` : prose();
    case 'code': {
      const [lang, code] = prng.pick(CODE_SNIPPETS);
      return `${capitalize(sentence())}:\n\`\`\`${lang}\n${code}\n\`\`\``;
    }
    case 'link':
      return `${capitalize(sentence())}, see ${prng.pick(LINKS)}`;
    case 'list':
      return `Plan for today:\n- ${sentence()}\n- ${sentence()}\n- ${sentence()}`;
    case 'quote':
      return `> ${capitalize(sentence())}\n\n${prose()}`;
    case 'emoji':
      return `${prose()} :${prng.pick(EMOJI_NAMES)}:`;
    case 'channel':
      return ctx.channels.length > 0 ? `${capitalize(sentence())}, more in #**${prng.pick(ctx.channels)}**.` : prose();
    case 'me':
      return `/me ${prng.pick(['is grabbing coffee', 'waves hello', 'is heads-down until lunch', 'is back from vacation'])}`;
    default:
      return prose();
  }
}

/** An earlier version of a message, for seeded edit history: a typo the edit fixed. */
export function typoVersion(text: string): string {
  return text.replace(/\b(the|and|this)\b/, (word) => word.split('').reverse().join(''));
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

import { ROLE, type ChannelRow } from '../store/rows';
import { EMAIL_VISIBILITY } from '../views/users';
import type { SeedBuilder, SeedUser } from './builder';

export const DEMO_PASSWORD = 'parley';

/** Short handles for the demo's accounts, used when scripting the data. */
export const P = {
  olivia: 'olivia@parley.example',
  amir: 'amir@parley.example',
  mei: 'mei@parley.example',
  noah: 'noah@parley.example',
  priya: 'priya@parley.example',
  lars: 'lars@parley.example',
  zanele: 'zanele@parley.example',
  tomas: 'tomas@parley.example',
  gabriel: 'gabriel@partner.example',
  dana: 'dana@parley.example',
  buildBot: 'build-bot@parley.example',
  notificationBot: 'notification-bot@parley.example',
} as const;

const USERS: SeedUser[] = [
  { email: P.olivia, fullName: 'Olivia Ortega', role: ROLE.owner, timezone: 'America/New_York' },
  { email: P.amir, fullName: 'Amir Haddad', role: ROLE.admin, timezone: 'Europe/Berlin' },
  { email: P.mei, fullName: 'Mei Lin', role: ROLE.moderator, timezone: 'Asia/Shanghai' },
  { email: P.noah, fullName: 'Noah Becker', role: ROLE.member, timezone: 'Europe/Berlin' },
  {
    email: P.priya,
    fullName: 'Priya Raman',
    role: ROLE.member,
    timezone: 'Asia/Kolkata',
    emailVisibility: EMAIL_VISIBILITY.admins,
  },
  {
    email: P.lars,
    fullName: 'Lars Nilsson',
    role: ROLE.member,
    timezone: 'Europe/Stockholm',
    emailVisibility: EMAIL_VISIBILITY.members,
  },
  { email: P.zanele, fullName: 'Zanele Dube', role: ROLE.member, timezone: 'Africa/Johannesburg' },
  { email: P.tomas, fullName: 'Tomás Silva', role: ROLE.member, timezone: 'America/Sao_Paulo' },
  { email: P.gabriel, fullName: 'Gabriel Okafor', role: ROLE.guest, timezone: 'Africa/Lagos' },
  { email: P.dana, fullName: 'Dana Former', role: ROLE.member, timezone: 'Europe/London', active: false },
  { email: P.buildBot, fullName: 'Build Bot', role: ROLE.member, timezone: '', bot: { type: 1, ownerEmail: P.amir } },
  {
    email: P.notificationBot,
    fullName: 'Notification Bot',
    role: ROLE.member,
    timezone: '',
    bot: { type: 1, ownerEmail: null, system: true },
  },
];

/** Everyone but the guest, the departed member and the bots. */
const STAFF = [P.olivia, P.amir, P.mei, P.noah, P.priya, P.lars, P.zanele, P.tomas];

export interface DemoOrg {
  channels: Record<string, ChannelRow>;
  groups: Record<string, number>;
}

/** Accounts, groups, channels and subscriptions of "Parley Demo". */
export function createDemoOrg(build: SeedBuilder): DemoOrg {
  build.users(USERS);
  const groups = build.systemGroups();
  const id = (email: string): number => build.id(email);
  for (const [name, description, members] of [
    ['backend', 'Server and infrastructure engineers', [P.amir, P.noah, P.lars, P.tomas]],
    ['design-team', 'Product designers and researchers', [P.mei, P.priya, P.zanele]],
    ['leads', 'Team leads', [P.olivia, P.amir, P.mei]],
  ] as const) {
    const creator = id(P.olivia);
    const groupId = build.store.groups.insert({
      name,
      description,
      is_system_group: false,
      date_created: build.now - 50 * 86_400,
      creator_id: creator,
      settings: build.groupSettings(groups, { direct_members: [creator], direct_subgroups: [] }),
    });
    for (const member of members) build.store.groups.addMember(groupId, id(member));
  }

  const ch = (
    name: string,
    description: string,
    opts: { inviteOnly?: boolean; topicsPolicy?: string; daysOld?: number } = {},
  ) => build.channel(name, description, P.olivia, groups, opts);
  const channels: Record<string, ChannelRow> = {
    general: ch('general', 'Company-wide chatter. Say hi! :wave:', { daysOld: 120 }),
    announcements: ch('announcements', 'Official news. **Topics are required** in this channel.', {
      topicsPolicy: 'disable_empty_topic',
      daysOld: 120,
    }),
    engineering: ch(
      'engineering',
      'Backend, frontend and infrastructure. Review requests go in #**engineering>reviews**.',
    ),
    design: ch('design', 'UI, UX and visual design. Mockups live at https://example.net/design/tokens'),
    random: ch('random', 'Off-topic fun, links and pets.'),
    leadership: ch('leadership', 'Private: planning, budget and hiring.', { inviteOnly: true }),
    partners: ch('partners', 'Shared with our partner organization; guests welcome.', { daysOld: 30 }),
    help: ch('help', 'Ask anything about tools and processes. The *general chat* topic is fine here.', {
      topicsPolicy: 'allow_empty_topic',
      daysOld: 3,
    }),
  };
  const sub = (
    emails: readonly string[],
    channel: ChannelRow,
    opts: Parameters<SeedBuilder['subscribe']>[2] = {},
  ): void => {
    for (const email of emails) build.subscribe(email, channel, opts);
  };
  sub(
    STAFF.filter((e) => e !== P.olivia),
    channels['announcements']!,
  );
  build.subscribe(P.olivia, channels['announcements']!, { pinned: true, push: true });
  sub([...STAFF, P.dana], channels['general']!);
  sub([P.olivia, P.amir, P.mei, P.noah, P.lars, P.zanele, P.buildBot], channels['engineering']!);
  build.subscribe(P.tomas, channels['engineering']!, { active: false });
  sub([P.olivia, P.mei, P.priya, P.zanele, P.gabriel], channels['design']!);
  sub([P.amir, P.noah, P.priya, P.tomas, P.zanele], channels['random']!);
  build.subscribe(P.lars, channels['random']!, { muted: true });
  sub([P.olivia, P.amir, P.mei], channels['leadership']!);
  sub([P.olivia, P.amir, P.noah, P.tomas, P.gabriel], channels['partners']!);
  sub(STAFF, channels['help']!);
  return { channels, groups };
}

/** Who may post where in the demo script (subscribers, minus bots that only post on cue). */
export function demoSubscribers(build: SeedBuilder, channel: ChannelRow): number[] {
  const bots = new Set([build.id(P.buildBot), build.id(P.notificationBot)]);
  return build.store.channels.subscribers(channel.id).filter((userId) => !bots.has(userId));
}

/** Direct-message conversations of the demo (each list excludes nobody; the first is a self-DM). */
export const DM_GROUPS: readonly (readonly string[])[] = [
  [P.olivia],
  [P.olivia, P.amir],
  [P.olivia, P.noah],
  [P.olivia, P.gabriel],
  [P.mei, P.tomas],
  [P.priya, P.lars],
  [P.olivia, P.amir, P.mei],
  [P.noah, P.priya, P.lars, P.zanele],
];

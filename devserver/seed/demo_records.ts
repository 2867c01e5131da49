import { renderMarkdown } from '../markdown/render';
import { storeDirectory } from '../messaging/directory';
import type { NewProfileField } from '../store/profile_fields';
import { ROLE, type ChannelRow } from '../store/rows';
import type { Store } from '../store/store';
import { FIELD_TYPE, isRenderable } from '../views/profile_fields';
import type { SeedBuilder } from './builder';
import { P } from './demo_org';
import { Prng } from './prng';

const DAY = 86_400;

/** One field of every type, two of them in the profile summary. */
const FIELDS: NewProfileField[] = [
  field('Team', 'Which team do you work on?', FIELD_TYPE.shortText, '', { summary: true, required: true }),
  field('About me', 'A few words about yourself', FIELD_TYPE.longText),
  field(
    'Office',
    'Where you usually work from',
    FIELD_TYPE.choice,
    JSON.stringify({
      berlin: { text: 'Berlin', order: '1' },
      lagos: { text: 'Lagos', order: '2' },
      sao_paulo: { text: 'São Paulo', order: '3' },
      remote: { text: 'Remote', order: '4' },
    }),
    { summary: true },
  ),
  field('Start date', 'When you joined', FIELD_TYPE.date, '', { editable: false }),
  field('Website', 'Your homepage or portfolio', FIELD_TYPE.link),
  field('Manager', 'Who you report to', FIELD_TYPE.person),
  field('GitHub', 'Enter your GitHub username', FIELD_TYPE.externalAccount, JSON.stringify({ subtype: 'github' })),
  field('Pronouns', 'What pronouns should people use for you?', FIELD_TYPE.pronouns),
];

function field(
  name: string,
  hint: string,
  type: number,
  data = '',
  opts: { summary?: boolean; required?: boolean; editable?: boolean } = {},
): NewProfileField {
  return {
    name,
    hint,
    field_type: type,
    field_data: data,
    display_in_profile_summary: opts.summary ?? false,
    required: opts.required ?? false,
    editable_by_user: opts.editable ?? true,
  };
}

const TEAMS: Record<string, string> = {
  [P.olivia]: 'Leadership',
  [P.amir]: 'Backend',
  [P.mei]: 'Design',
  [P.noah]: 'Backend',
  [P.priya]: 'Design',
  [P.lars]: 'Infrastructure',
  [P.zanele]: 'Frontend',
  [P.tomas]: 'Partnerships',
};

/**
 * The demo's per-user and organization records, so every record type has data: profile fields
 * of all eight types with values, code playgrounds, default channels, the owner's saved
 * snippets, drafts and navigation views, and a reusable invitation link. Runs after the
 * messages, with its own PRNG so it never shifts the message script.
 */
export function seedDemoRecords(build: SeedBuilder, channels: Record<string, ChannelRow>): void {
  const { store, now } = build;
  const prng = new Prng(7_411);
  const records = store.records;
  const id = (email: string): number => build.id(email);

  const fieldIds = FIELDS.map((row) => records.profileFields.insert(row));
  const fieldId = (name: string): number => fieldIds[FIELDS.findIndex((row) => row.name === name)]!;
  const directory = storeDirectory(store);
  const set = (email: string, name: string, value: string): void => {
    const type = FIELDS.find((row) => row.name === name)!.field_type;
    const rendered = isRenderable(type) ? renderMarkdown(value, directory).html : null;
    records.profileFields.setValue(id(email), fieldId(name), value, rendered);
  };
  const offices = ['berlin', 'lagos', 'sao_paulo', 'remote'];
  for (const [email, team] of Object.entries(TEAMS)) {
    set(email, 'Team', team);
    set(email, 'Office', prng.pick(offices));
    set(email, 'Start date', new Date((now - prng.int(60, 900) * DAY) * 1000).toISOString().slice(0, 10));
    if (email !== P.olivia) set(email, 'Manager', JSON.stringify([id(email === P.amir ? P.olivia : P.amir)]));
  }
  set(P.olivia, 'About me', 'Founder of **Parley**. Ask me about the roadmap in #**general**.');
  set(P.amir, 'About me', 'Backend lead. I review `api/` changes and keep CI green.');
  set(P.mei, 'Website', 'https://mei.example.com/portfolio');
  set(P.noah, 'GitHub', 'noahbecker');
  set(P.olivia, 'Pronouns', 'she/her');
  set(P.amir, 'Pronouns', 'he/him');
  set(P.zanele, 'Pronouns', 'she/her');

  records.playgrounds.insert('Python playground', 'Python', 'https://play.example.org/python/?code={code}');
  records.playgrounds.insert('Rust playground', 'Rust', 'https://play.example.org/rust/{?code}');
  records.playgrounds.insert('JS Bin', 'JavaScript', 'https://play.example.org/js/#code={code}');
  // Issue numbers link to the tracker, in messages and topic names alike.
  records.linkifiers.insert('#(?P<id>[0-9]+)', 'https://tracker.example.org/parley/issues/{id}');

  // Default channels (where new people land) unless the organization already has some.
  if (!store.channels.all().some((channel) => channel.is_default === 1)) {
    for (const name of ['general', 'announcements', 'help'])
      store.channels.update(channels[name]!.id, { is_default: 1 });
  }

  const owner = id(P.olivia);
  seedOwnerRecords(store, owner, id(P.amir), channels, now);
  records.savedSnippets.insert(
    id(P.amir),
    'Review checklist',
    '- [ ] tests\n- [ ] docs\n- [ ] changelog',
    now - 9 * DAY,
  );

  records.invites.insertLink({
    confirmation_key: prng.token(24).toLowerCase(),
    referrer_id: owner,
    invited_as: ROLE.member,
    date_created: now - DAY,
    expires_at: null,
    stream_ids: [channels['random']!.id, channels['design']!.id],
    group_ids: [],
    include_realm_default_subscriptions: true,
    welcome_message_custom_text: 'Welcome to **Parley Demo**! Say hi in #**general**.',
  });
}

function seedOwnerRecords(
  store: Store,
  owner: number,
  amir: number,
  channels: Record<string, ChannelRow>,
  now: number,
): void {
  const { savedSnippets, drafts, navigationViews } = store.records;
  savedSnippets.insert(owner, 'Standup', '**Yesterday:**\n\n**Today:**\n\n**Blockers:** none', now - 20 * DAY);
  savedSnippets.insert(
    owner,
    'Welcome',
    'Welcome aboard! :wave: Start with #**general** and #**help**.',
    now - 12 * DAY,
  );
  drafts.insert(owner, {
    type: 'stream',
    to: [channels['engineering']!.id],
    topic: 'API design',
    content: 'I think we should version the **events** endpoint before',
    lastEditTime: now - 3 * 3600,
  });
  drafts.insert(owner, {
    type: 'private',
    to: [amir],
    topic: '',
    content: 'Can we move our 1:1 to Thursday?',
    lastEditTime: now - 2 * 3600,
  });
  drafts.insert(owner, { type: '', to: [], topic: '', content: 'Ideas for the offsite: ', lastEditTime: now - DAY });
  navigationViews.insert(owner, 'inbox', true, null);
  navigationViews.insert(owner, 'recent', false, null);
  navigationViews.insert(owner, 'narrow/is/starred', true, null);
  navigationViews.insert(
    owner,
    `narrow/channel/${channels['engineering']!.id}-engineering/topic/CI`,
    true,
    'CI builds',
  );
}

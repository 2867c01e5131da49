import { renderPlain } from '../markdown/render';
import type { SeedBuilder } from './builder';
import { P, type DemoOrg } from './demo_org';

const DAY = 86_400;

/**
 * The demo's channel organization beyond channels themselves: folders (one archived), default
 * channels, channel permissions that name custom groups, a group whose settings are anonymous
 * groups, a deactivated group, and an archived channel.
 */
export function seedDemoChannelExtras(build: SeedBuilder, org: DemoOrg): void {
  const { store, now } = build;
  const folder = (name: string, description: string, daysOld: number): number =>
    store.folders.insert({
      name,
      description,
      rendered_description: renderPlain(description),
      date_created: now - daysOld * DAY,
      creator_id: build.id(P.olivia),
    });
  const company = folder('Company', 'Everyone, **all the time**', 90);
  const product = folder('Product', 'Building and designing Parley', 80);
  const external = folder('External', 'Shared with people outside the company', 30);
  const old = folder('Old projects', 'Finished work', 200);
  store.folders.update(old, { is_archived: 1 });
  const place = (names: string[], folderId: number) => {
    for (const name of names) store.channels.update(org.channels[name]!.id, { folder_id: folderId });
  };
  place(['general', 'announcements', 'random', 'help'], company);
  place(['engineering', 'design'], product);
  place(['partners'], external);
  for (const name of ['general', 'announcements', 'help'])
    store.channels.update(org.channels[name]!.id, { is_default: 1 });

  const groupId = (name: string): number => store.groups.byName(name)!.id;
  const setChannelSetting = (channel: string, setting: string, value: unknown) => {
    const row = store.channels.byId(org.channels[channel]!.id)!;
    const settings = { ...(JSON.parse(row.group_settings) as Record<string, unknown>), [setting]: value };
    store.channels.update(row.id, { group_settings: JSON.stringify(settings) });
  };
  setChannelSetting('engineering', 'can_add_subscribers_group', groupId('backend'));
  setChannelSetting('design', 'can_subscribe_group', groupId('design-team'));

  const leadsAndAmir = { direct_members: [build.id(P.amir)], direct_subgroups: [groupId('leads')] };
  const onCall = store.groups.insert({
    name: 'on-call',
    description: 'Who answers pages this week',
    is_system_group: false,
    date_created: now - 20 * DAY,
    creator_id: build.id(P.amir),
    settings: {
      can_add_members_group: leadsAndAmir,
      can_join_group: groupId('backend'),
      can_leave_group: org.groups['role:everyone'],
      can_manage_group: leadsAndAmir,
      can_mention_group: org.groups['role:everyone'],
      can_remove_members_group: leadsAndAmir,
    },
  });
  for (const email of [P.noah, P.lars]) store.groups.addMember(onCall, build.id(email));

  const offsite = store.groups.insert({
    name: 'offsite-2024',
    description: 'Planning the 2024 offsite',
    is_system_group: false,
    date_created: now - 300 * DAY,
    creator_id: build.id(P.olivia),
    settings: build.groupSettings(org.groups, { direct_members: [build.id(P.olivia)], direct_subgroups: [] }),
  });
  for (const email of [P.olivia, P.mei]) store.groups.addMember(offsite, build.id(email));
  store.groups.update(offsite, { deactivated: 1 });

  const retired = build.channel('launch-2024', 'The 2024 launch, now wrapped up.', P.olivia, org.groups, {
    daysOld: 250,
  });
  for (const email of [P.olivia, P.amir, P.noah]) build.subscribe(email, retired);
  store.channels.update(retired.id, { is_archived: 1, folder_id: old });
}

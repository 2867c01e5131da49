/**
 * The channel, subscription, topic-visibility and user-group routes of main/api against the
 * dev server over loopback. Each change is checked by reading it back as another client would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/api';
import { createChannel, getChannelId, getChannelSubscribers } from '../../../main/api/routes/channels';
import {
  getSubscriptions,
  subscribe,
  unsubscribe,
  updateSubscriptionProperties,
} from '../../../main/api/routes/subscriptions';
import { getUserGroups, updateUserGroup, updateUserGroupMembers } from '../../../main/api/routes/user-groups';
import { muteTopicLegacy, setTopicVisibility, updateUserTopic } from '../../../main/api/routes/user-topics';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { apiError, freshRegister, person, unique, type Person } from './support';

let dev: RunningDevServer;
let admin: Person;
let owner: Person;
let member: Person;

beforeAll(async () => {
  dev = await startDevServer();
  admin = await person(dev, dev.byRole(200));
  // The demo's groups are managed by their creator, the owner (and owners manage every group).
  owner = await person(dev, dev.byRole(100));
  member = await person(dev, dev.byRole(400));
});
afterAll(() => dev?.stop());

const topicsOf = async (p: Person) =>
  (await freshRegister(p, ['user_topic']))['user_topics'] as {
    stream_id: number;
    topic_name: string;
    visibility_policy: number;
  }[];

describe('subscriptions', () => {
  it('subscribes (creating a channel), changes a personal setting, and unsubscribes', async () => {
    const name = unique('routes');
    const res = await subscribe(member.client, { subscriptions: [{ name, description: 'made by a test' }] });
    expect(res.subscribed[String(member.userId)]).toEqual([name]);
    const id = await getChannelId(member.client, name);

    await updateSubscriptionProperties(member.client, [
      { stream_id: id, property: 'color', value: '#123456' },
      { stream_id: id, property: 'is_muted', value: true },
    ]);
    const mine = (await getSubscriptions(member.client)).find((s) => s.stream_id === id);
    expect(mine).toMatchObject({
      name,
      color: '#123456',
      is_muted: true,
      in_home_view: false,
      description: 'made by a test',
    });

    const gone = await unsubscribe(member.client, { subscriptions: [name] });
    expect(gone.removed).toEqual([name]);
    expect((await getSubscriptions(member.client)).some((s) => s.stream_id === id)).toBe(false);
  });

  it('lists subscribers on request, and the channel members route agrees', async () => {
    const subs = await getSubscriptions(member.client, { includeSubscribers: true });
    const general = subs.find((s) => s.name === 'general')!;
    expect(general.subscribers).toContain(member.userId);
    expect(await getChannelSubscribers(member.client, general.stream_id)).toEqual(
      expect.arrayContaining(general.subscribers ?? []),
    );
  });

  it('says which channel does not exist when unsubscribing from one', async () => {
    const e = await apiError(unsubscribe(member.client, { subscriptions: ['no such channel here'] }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e.code).toBe('STREAM_DOES_NOT_EXIST');
  });
});

describe('POST /channels/create and its fallback', () => {
  it('creates directly at FL 417+, and refuses a name in use with CHANNEL_ALREADY_EXISTS', async () => {
    const name = unique('direct');
    const { id } = await createChannel(
      member.client,
      { name, subscribers: [member.userId, admin.userId], invite_only: true },
      420,
    );
    expect(await getChannelId(member.client, name)).toBe(id);
    expect(await getChannelSubscribers(member.client, id)).toEqual(
      expect.arrayContaining([member.userId, admin.userId]),
    );
    const mine = (await getSubscriptions(member.client)).find((s) => s.stream_id === id);
    expect(mine?.invite_only).toBe(true);
    const e = await apiError(createChannel(member.client, { name, subscribers: [member.userId] }, 420));
    expect(e.code).toBe('CHANNEL_ALREADY_EXISTS');
  });

  it('below FL 417 creates by subscribing to the new name and still returns its ID', async () => {
    const name = unique('fallback');
    const { id } = await createChannel(
      member.client,
      { name, description: 'old way', subscribers: [member.userId] },
      400,
    );
    const mine = (await getSubscriptions(member.client)).find((s) => s.stream_id === id);
    expect(mine).toMatchObject({ name, description: 'old way' });
  });
});

describe('topic visibility', () => {
  it('POST /user_topics follows and clears; the legacy route mutes', async () => {
    const general = (await getSubscriptions(member.client)).find((s) => s.name === 'general')!.stream_id;
    await updateUserTopic(member.client, { stream_id: general, topic: 'followed one', visibility_policy: 3 });
    expect(await topicsOf(member)).toContainEqual(
      expect.objectContaining({ stream_id: general, topic_name: 'followed one', visibility_policy: 3 }),
    );
    await setTopicVisibility(member.client, { stream_id: general, topic: 'followed one', visibility_policy: 0 }, 420);
    expect((await topicsOf(member)).some((t) => t.topic_name === 'followed one')).toBe(false);

    await muteTopicLegacy(member.client, { stream_id: general, topic: 'noisy', op: 'add' });
    expect(await topicsOf(member)).toContainEqual(
      expect.objectContaining({ topic_name: 'noisy', visibility_policy: 1 }),
    );
    // An old server (FL < 170) is driven through the legacy route; it cannot follow.
    await setTopicVisibility(member.client, { stream_id: general, topic: 'noisy', visibility_policy: 0 }, 100);
    expect((await topicsOf(member)).some((t) => t.topic_name === 'noisy')).toBe(false);
    await expect(
      setTopicVisibility(member.client, { stream_id: general, topic: 'x', visibility_policy: 3 }, 100),
    ).rejects.toThrow(/only mute and unmute/);
  });
});

describe('user groups', () => {
  it('lists groups with members, renames one, changes members, and refuses an unknown group', async () => {
    const groups = await getUserGroups(owner.client, { includeDeactivated: true });
    const backend = groups.find((g) => g.name === 'backend')!;
    expect(backend.members.length).toBeGreaterThan(0);
    expect(groups.some((g) => g.is_system_group)).toBe(true);

    const name = unique('backend');
    await updateUserGroup(owner.client, backend.id, { name, description: 'renamed by a test' });
    const outsider = dev.users.map((u) => u.userId).find((u) => !backend.members.includes(u))!;
    await updateUserGroupMembers(owner.client, backend.id, { add: [outsider] });
    let after = (await getUserGroups(owner.client)).find((g) => g.id === backend.id)!;
    expect(after).toMatchObject({ name, description: 'renamed by a test' });
    expect(after.members).toContain(outsider);

    await updateUserGroupMembers(owner.client, backend.id, { delete: [outsider] });
    after = (await getUserGroups(owner.client)).find((g) => g.id === backend.id)!;
    expect(after.members).not.toContain(outsider);

    const e = await apiError(updateUserGroup(owner.client, 999_999, { name: 'x' }));
    expect(e.code).toBe('BAD_REQUEST');
  });

  it('changes a permission setting (new with the expected old value)', async () => {
    const groups = await getUserGroups(owner.client);
    const leads = groups.find((g) => g.name === 'leads')!;
    const members = groups.find((g) => g.name === 'role:members')!;
    await updateUserGroup(owner.client, leads.id, {
      can_mention_group: {
        new: members.id,
        ...(leads.can_mention_group !== undefined ? { old: leads.can_mention_group } : {}),
      },
    });
    const after = (await getUserGroups(owner.client)).find((g) => g.id === leads.id)!;
    expect(after.can_mention_group).toBe(members.id);
  });
});

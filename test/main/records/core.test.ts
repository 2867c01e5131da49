/**
 * The record calls end to end: the real core (IPC dispatch, accounts, sync) with two accounts
 * signed in at once against the dev server, plus plain HTTP as the users' other clients.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary, ChannelInfo, Page } from '../../../common/model';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startCore, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';
import { person, raw, unique, type Person } from './support';

let dev: RunningDevServer;
let t: TestCore;
let member: AccountSummary;
let owner: AccountSummary;
let memberWeb: Person;
let otherWeb: Person;

beforeAll(async () => {
  dev = await startDevServer();
  t = await startCore(tempDir(), new MemoryCredentialStore());
  const m = dev.byRole(400);
  const o = dev.byRole(100);
  member = await t.ok('account:signIn', { url: dev.baseUrl, email: m.email, password: m.password });
  owner = await t.ok('account:signIn', { url: dev.baseUrl, email: o.email, password: o.password });
  for (const a of [member, owner])
    await t.waitFor('account:status', (p) => p.accountId === a.id && p.status.state === 'live');
  memberWeb = await person(dev, m);
  otherWeb = await person(dev, dev.users.filter((u) => u.role === 400)[1]!);
});
afterAll(async () => {
  await t?.core.close();
  await dev?.stop();
});

const changed = (accountId: string, area: string, after: number) =>
  t.waitForAfter(after, 'records:changed', (p) => p.accountId === accountId && p.areas.includes(area as never));
const mark = () => t.events.length;
/** Waits for a condition on what a call answers. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeout = 10_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function allChannels(accountId: string): Promise<ChannelInfo[]> {
  const out: ChannelInfo[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page: Page<ChannelInfo> = await t.ok('channels:list', { accountId, limit: 3, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    if (page.next === null) return out;
    cursor = page.next;
  }
}

describe('the account list', () => {
  it('carries the feature gates of each server', async () => {
    const state = await t.ok('app:state', {});
    const gates = state.accounts.find((a) => a.id === member.id)?.features;
    expect(gates).toMatchObject({
      navigationViews: true,
      createChannelDirectly: true,
      savedSnippets: true,
      draftsSync: true,
    });
  });
});

describe('channels', () => {
  it('pages the whole directory by name, subscribed or not', async () => {
    const channels = await allChannels(member.id);
    const names = channels.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(new Set(channels.map((c) => c.id)).size).toBe(channels.length);
    expect(channels.some((c) => c.subscribed)).toBe(true);
    expect(channels.some((c) => !c.subscribed)).toBe(true);
  });

  it('creates a channel with every option, and the server has each one', async () => {
    const name = unique('every option');
    const ownerWeb = await person(dev, dev.byRole(100));
    const groups = (await raw(ownerWeb, 'GET', '/user_groups'))['user_groups'] as { id: number; name: string }[];
    const admins = groups.find((g) => g.name === 'role:administrators')!.id;
    const { channelId } = await t.ok('channels:create', {
      accountId: owner.id,
      name,
      description: 'All the knobs',
      inviteOnly: true,
      historyPublicToSubscribers: false,
      topicsPolicy: 'empty_topic_only',
      messageRetentionDays: 'unlimited',
      subscriberIds: [memberWeb.userId],
      permissions: {
        can_send_message_group: admins,
        can_add_subscribers_group: { directMembers: [memberWeb.userId], directSubgroups: [] },
        can_resolve_topics_group: admins,
      },
    });
    const channel = (await raw(ownerWeb, 'GET', `/streams/${channelId}`))['stream'] as Record<string, unknown>;
    expect(channel).toMatchObject({
      name,
      invite_only: true,
      history_public_to_subscribers: false,
      topics_policy: 'empty_topic_only',
      message_retention_days: -1,
      can_send_message_group: admins,
      can_add_subscribers_group: { direct_members: [memberWeb.userId], direct_subgroups: [] },
      can_resolve_topics_group: admins,
    });
    const members = (await raw(ownerWeb, 'GET', `/streams/${channelId}/members`))['subscribers'] as number[];
    expect(members.sort()).toEqual([dev.byRole(100).userId, memberWeb.userId].sort());
  });

  it('creates, mutes, leaves and rejoins a channel; each change comes back as events', async () => {
    const before = mark();
    const { channelId } = await t.ok('channels:create', {
      accountId: member.id,
      name: unique('core'),
      description: 'hi',
    });
    await changed(member.id, 'channels', before);
    const details = await eventually(
      () => t.ok('channels:get', { accountId: member.id, channelId }),
      (c) => c.subscribed,
    );
    expect(details.subscriberIds).toContain(member.userId);
    expect(details.subscription?.isMuted).toBe(false);

    await t.ok('channels:setProperty', { accountId: member.id, channelId, property: 'is_muted', value: true });
    await eventually(
      () => t.ok('channels:get', { accountId: member.id, channelId }),
      (c) => c.subscription?.isMuted === true,
    );
    const sidebar = await t.ok('sidebar:get', { accountId: member.id });
    expect(sidebar.channels.find((c) => c.id === channelId)?.isMuted).toBe(true);

    await t.ok('channels:unsubscribe', { accountId: member.id, channelIds: [channelId] });
    await eventually(
      () => t.ok('channels:get', { accountId: member.id, channelId }),
      (c) => !c.subscribed,
    );
    await t.ok('channels:subscribe', { accountId: member.id, channelIds: [channelId] });
    await eventually(
      () => t.ok('channels:get', { accountId: member.id, channelId }),
      (c) => c.subscribed,
    );
  });

  it('refuses bad arguments and unknown channels clearly', async () => {
    const bad = await t.call('channels:setProperty', {
      accountId: member.id,
      channelId: 1,
      property: 'color',
      value: 'red',
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    const missing = await t.call('channels:get', { accountId: member.id, channelId: 987_654 });
    expect(missing).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const cursor = await t.call('channels:list', { accountId: member.id, cursor: 'garbage' });
    expect(cursor).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it('sets topic visibility and lists it', async () => {
    const general = (await allChannels(member.id)).find((c) => c.name === 'general')!.id;
    await t.ok('topics:setVisibility', {
      accountId: member.id,
      channelId: general,
      topic: 'lunch',
      visibility: 'followed',
    });
    const page = await eventually(
      () => t.ok('topics:listVisibility', { accountId: member.id, channelId: general }),
      (p) => p.items.some((x) => x.topic === 'lunch'),
    );
    expect(page.items.find((x) => x.topic === 'lunch')?.visibility).toBe('followed');
  });
});

describe('groups, folders and organization records (two accounts at once)', () => {
  it('the owner renames a group; the member account sees it', async () => {
    const groups = await t.ok('groups:list', { accountId: member.id, limit: 500 });
    const design = groups.items.find((g) => g.name === 'design-team')!;
    expect(design.memberIds.length).toBeGreaterThan(0);
    const name = unique('designers');
    await t.ok('groups:update', { accountId: owner.id, groupId: design.id, name, addMembers: [member.userId] });
    const after = await eventually(
      () => t.ok('groups:list', { accountId: member.id, limit: 500 }),
      (p) => p.items.some((g) => g.name === name && g.memberIds.includes(member.userId)),
    );
    expect(after.items.find((g) => g.id === design.id)?.name).toBe(name);
    expect((await t.ok('users:get', { accountId: member.id, userId: member.userId })).groupIds).toContain(design.id);
  });

  it("the server's refusal comes back with its code", async () => {
    const res = await t.call('folders:create', { accountId: member.id, name: unique('F'), description: '' });
    expect(res).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED_PRINCIPAL' } });
  });

  it('folders, profile fields, playgrounds and an invitation', async () => {
    const { folderId } = await t.ok('folders:create', {
      accountId: owner.id,
      name: unique('Folder'),
      description: 'd',
    });
    await eventually(
      () => t.ok('folders:list', { accountId: member.id }),
      (p) => p.items.some((f) => f.id === folderId),
    );

    const { id: fieldId } = await t.ok('profileFields:create', {
      accountId: owner.id,
      type: 3,
      name: unique('Floor'),
      fieldData: { a: { text: 'A', order: '1' } },
    });
    const fields = await eventually(
      () => t.ok('profileFields:list', { accountId: member.id }),
      (p) => p.items.some((f) => f.id === fieldId),
    );
    expect(fields.items.find((f) => f.id === fieldId)?.fieldData).toEqual({ a: { text: 'A', order: '1' } });

    const { id: pg } = await t.ok('playgrounds:create', {
      accountId: owner.id,
      name: 'Py',
      pygmentsLanguage: 'Python',
      urlTemplate: 'https://py.example/?c={code}',
    });
    await eventually(
      () => t.ok('playgrounds:list', { accountId: member.id }),
      (p) => p.items.some((x) => x.id === pg),
    );
    await t.ok('playgrounds:delete', { accountId: owner.id, id: pg });
    await eventually(
      () => t.ok('playgrounds:list', { accountId: member.id }),
      (p) => !p.items.some((x) => x.id === pg),
    );

    const { link } = await t.ok('invites:create', { accountId: owner.id, expiresInMinutes: null, inviteAs: 400 });
    expect(link.startsWith(dev.baseUrl)).toBe(true);
  });

  it('pages users by name and gives one with profile data', async () => {
    const first = await t.ok('users:list', { accountId: member.id, limit: 4 });
    const second = await t.ok('users:list', { accountId: member.id, limit: 4, cursor: first.next! });
    expect(first.items).toHaveLength(4);
    expect(second.items.map((u) => u.id)).not.toContain(first.items[0]!.id);
    const ownerDetails = await t.ok('users:get', { accountId: member.id, userId: owner.userId });
    expect(ownerDetails).toMatchObject({ id: owner.userId, role: 100, isActive: true });
    expect(Object.keys(ownerDetails.profileData).length).toBeGreaterThan(0);
  });
});

describe("the user's own records", () => {
  it('snippets and navigation views: create, update, delete', async () => {
    const { id } = await t.ok('snippets:create', { accountId: member.id, title: 'Hello', content: 'Hi all' });
    await t.ok('snippets:update', { accountId: member.id, id, content: 'Hi everyone' });
    await eventually(
      () => t.ok('snippets:list', { accountId: member.id }),
      (p) => p.items.some((s) => s.id === id && s.content === 'Hi everyone'),
    );
    await t.ok('snippets:delete', { accountId: member.id, id });
    await eventually(
      () => t.ok('snippets:list', { accountId: member.id }),
      (p) => !p.items.some((s) => s.id === id),
    );

    const fragment = 'narrow/channel/2-announcements';
    await t.ok('views:create', { accountId: member.id, fragment, isPinned: true, name: 'News' });
    await t.ok('views:update', { accountId: member.id, fragment, name: 'Latest news' });
    await eventually(
      () => t.ok('views:list', { accountId: member.id }),
      (p) => p.items.some((v) => v.name === 'Latest news'),
    );
    await t.ok('views:delete', { accountId: member.id, fragment });
    await eventually(
      () => t.ok('views:list', { accountId: member.id }),
      (p) => !p.items.some((v) => v.fragment === fragment),
    );
  });

  it('settings: update and read back', async () => {
    await t.ok('settings:update', { accountId: member.id, changes: { enter_sends: true } });
    await eventually(
      () => t.ok('settings:get', { accountId: member.id }),
      (s) => s['enter_sends'] === true,
    );
  });

  it('shows who is typing to me, and forgets them when they stop', async () => {
    await raw(otherWeb, 'POST', '/typing', { op: 'start', type: 'direct', to: [member.userId] });
    const typing = await t.waitFor('typing:changed', (p) => p.accountId === member.id && p.typing.length > 0);
    expect(typing.typing).toEqual([{ narrow: { kind: 'dm', userIds: [otherWeb.userId] }, userIds: [otherWeb.userId] }]);
    const before = mark();
    await raw(otherWeb, 'POST', '/typing', { op: 'stop', type: 'direct', to: [member.userId] });
    await t.waitForAfter(before, 'typing:changed', (p) => p.accountId === member.id && p.typing.length === 0);
  });
});

describe('drafts', () => {
  const serverDrafts = async () =>
    (await raw(memberWeb, 'GET', '/drafts'))['drafts'] as { id: number; content: string; timestamp: number }[];

  it('saved while typing, then synced; edits and deletions from another client are reconciled', async () => {
    const general = (await allChannels(member.id)).find((c) => c.name === 'general')!.id;
    const to = { kind: 'channel' as const, channelId: general, topic: 'draft test' };
    const { id } = await t.ok('drafts:save', { accountId: member.id, to, content: 'first' });
    await t.ok('drafts:save', { accountId: member.id, id, to, content: 'first words' });
    const listed = await t.ok('drafts:list', { accountId: member.id });
    expect(listed.items.find((d) => d.id === id)).toMatchObject({ content: 'first words', to, synced: false });

    // Pushed after a quiet moment.
    const onServer = await eventually(serverDrafts, (list) => list.some((d) => d.content === 'first words'));
    const serverId = onServer.find((d) => d.content === 'first words')!.id;
    await eventually(
      () => t.ok('drafts:list', { accountId: member.id }),
      (p) => p.items.find((d) => d.id === id)?.synced === true,
    );

    // Another client edits it later: that newer version wins here.
    await raw(memberWeb, 'PATCH', `/drafts/${serverId}`, {
      draft: {
        type: 'stream',
        to: [general],
        topic: 'draft test',
        content: 'edited on the web',
        timestamp: Math.floor(Date.now() / 1000),
      },
    });
    await eventually(
      () => t.ok('drafts:list', { accountId: member.id }),
      (p) => p.items.find((d) => d.id === id)?.content === 'edited on the web',
    );

    // A newer local edit is pushed over the server's.
    await t.ok('drafts:save', { accountId: member.id, id, to, content: 'mine again' });
    await eventually(serverDrafts, (list) => list.some((d) => d.id === serverId && d.content === 'mine again'));
    expect(
      (await t.ok('drafts:list', { accountId: member.id })).items.filter((d) => d.content === 'mine again'),
    ).toHaveLength(1);

    // Deleted by the other client: gone here too.
    await raw(memberWeb, 'DELETE', `/drafts/${serverId}`);
    await eventually(
      () => t.ok('drafts:list', { accountId: member.id }),
      (p) => !p.items.some((d) => d.id === id),
    );
  });

  it('deleting here deletes on the server', async () => {
    const { id } = await t.ok('drafts:save', { accountId: member.id, to: null, content: 'short-lived' });
    await eventually(serverDrafts, (list) => list.some((d) => d.content === 'short-lived'));
    await t.ok('drafts:delete', { accountId: member.id, id });
    expect((await t.ok('drafts:list', { accountId: member.id })).items.some((d) => d.id === id)).toBe(false);
    await eventually(serverDrafts, (list) => !list.some((d) => d.content === 'short-lived'));
  });

  it('refuses NUL characters', async () => {
    const res = await t.call('drafts:save', { accountId: member.id, to: null, content: 'a\0b' });
    expect(res).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });
});

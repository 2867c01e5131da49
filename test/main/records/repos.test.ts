/** The record repos on a real SQLite file: paging, membership bookkeeping, drafts state, and the query plans. */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import type { StoredGroup } from '../../../main/store/repos/user-groups';
import { tempDir } from '../store/fixtures';

let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'records.sqlite'));
  return () => store.close();
});

function group(id: number, name: string, over: Partial<StoredGroup> = {}): StoredGroup {
  return {
    id,
    name,
    description: '',
    isSystemGroup: false,
    deactivated: false,
    settings: { can_manage_group: 7 },
    extra: {},
    members: [],
    subgroups: [],
    ...over,
  };
}

const channel = (id: number, name: string) => ({
  id,
  name,
  description: '',
  renderedDescription: '',
  inviteOnly: false,
  extra: {},
});

describe('user groups', () => {
  it('pages by name without repeats, case-insensitively', () => {
    store.userGroups.replaceAll(['delta', 'Alpha', 'charlie', 'Bravo', 'echo'].map((n, i) => group(i + 1, n)));
    const first = store.userGroups.page(null, 2);
    expect(first.items.map((g) => g.name)).toEqual(['Alpha', 'Bravo']);
    const second = store.userGroups.page(first.nextKey as [string, number], 2);
    expect(second.items.map((g) => g.name)).toEqual(['charlie', 'delta']);
    const last = store.userGroups.page(second.nextKey as [string, number], 2);
    expect(last).toEqual({ items: [expect.objectContaining({ name: 'echo' })], nextKey: null });
  });

  it('keeps members and subgroups, merges settings on patch, and removes a user from every group', () => {
    store.userGroups.upsert(group(1, 'a', { members: [5, 6], subgroups: [9] }));
    store.userGroups.upsert(group(2, 'b', { members: [6] }));
    store.userGroups.addMembers(1, [7, 5]);
    store.userGroups.removeSubgroups(1, [9]);
    store.userGroups.patch(1, { name: 'a2', settings: { can_join_group: 3 } });
    expect(store.userGroups.get(1)).toMatchObject({
      name: 'a2',
      members: [5, 6, 7],
      subgroups: [],
      settings: { can_manage_group: 7, can_join_group: 3 },
    });
    expect(store.userGroups.groupsOf(6)).toEqual([1, 2]);
    expect(store.userGroups.removeUserEverywhere(6).sort()).toEqual([1, 2]);
    expect(store.userGroups.get(2)?.members).toEqual([]);
    expect(store.userGroups.patch(99, { name: 'x' })).toBe(false);
    expect(store.userGroups.remove(1)).toBe(true);
    expect(store.userGroups.groupsOf(5)).toEqual([]);
  });
});

describe('drafts', () => {
  const draft = (localKey: string, timestamp: number, state: 'synced' | 'dirty' | 'deleted' = 'dirty') => ({
    localKey,
    serverId: null,
    type: '' as const,
    to: [],
    topic: '',
    content: localKey,
    timestamp,
    state,
    syncError: null,
  });

  it('pages newest first, hides tombstones, and lists what the server still has to hear', () => {
    for (const [k, t] of [
      ['a', 10],
      ['b', 30],
      ['c', 20],
      ['d', 30],
    ] as const)
      store.drafts.upsert(draft(k, t));
    store.drafts.upsert(draft('gone', 40, 'deleted'));
    store.drafts.upsert({ ...draft('done', 5, 'synced'), serverId: 77 });
    const first = store.drafts.page(null, 3);
    expect(first.items.map((d) => d.localKey)).toEqual(['d', 'b', 'c']);
    expect(store.drafts.page(first.nextKey as [number, string], 3).items.map((d) => d.localKey)).toEqual(['a', 'done']);
    expect(
      store.drafts
        .pending()
        .map((d) => d.localKey)
        .sort(),
    ).toEqual(['a', 'b', 'c', 'd', 'gone']);
    expect(store.drafts.byServerId(77)?.localKey).toBe('done');
  });

  it('detaching (sync turned off) keeps the text, forgets server IDs and drops tombstones', () => {
    store.drafts.upsert({ ...draft('kept', 1, 'synced'), serverId: 3 });
    store.drafts.upsert({ ...draft('gone', 2, 'deleted'), serverId: 4 });
    store.drafts.detachAll();
    expect(store.drafts.get('gone')).toBeNull();
    expect(store.drafts.get('kept')).toMatchObject({ serverId: null, state: 'dirty', content: 'kept' });
  });
});

describe('channel directory and subscribers', () => {
  it('pages every visible channel with its subscribed flag and keeps only what register listed', () => {
    for (const [id, name] of [
      [1, 'zeta'],
      [2, 'Alpha'],
      [3, 'mid'],
    ] as const)
      store.channelDirectory.upsert(channel(id, name));
    store.channels.upsertSubscribed({
      ...channel(3, 'mid'),
      subscription: { channelId: 3, color: '#fff', isMuted: false, pinToTop: false, settings: {} },
    });
    const page = store.channelDirectory.page(null, 10);
    expect(page.items.map((c) => [c.name, c.subscribed])).toEqual([
      ['Alpha', false],
      ['mid', true],
      ['zeta', false],
    ]);
    expect(store.channelDirectory.retainOnly(new Set([3])).sort()).toEqual([1, 2]);
    expect(store.channelDirectory.page(null, 10).items.map((c) => c.id)).toEqual([3]);
  });

  it('updates columns and extra properties of a channel', () => {
    store.channelDirectory.upsert(channel(1, 'old'));
    store.channelDirectory.updateProperty(1, 'name', 'new');
    store.channelDirectory.updateProperty(1, 'invite_only', true, { history_public_to_subscribers: false });
    store.channelDirectory.updateProperty(1, 'folder_id', 4);
    expect(store.channelDirectory.get(1)).toMatchObject({
      name: 'new',
      inviteOnly: true,
      extra: { history_public_to_subscribers: false, folder_id: 4 },
    });
    expect(store.channelDirectory.updateProperty(2, 'name', 'x')).toBe(false);
  });

  it('tells an unknown subscriber list from an empty one; peer changes only touch known lists', () => {
    store.subscribers.setList(1, [3, 4]);
    store.subscribers.setList(2, []);
    expect(store.subscribers.add([1, 2, 3], [5])).toBe(2);
    expect(store.subscribers.remove([1], [3, 99])).toBe(1);
    expect(store.subscribers.of(1)).toEqual({ userIds: [4, 5], partial: false });
    expect(store.subscribers.of(2)).toEqual({ userIds: [5], partial: false });
    expect(store.subscribers.of(3)).toBeNull();
    store.subscribers.forgetChannel(1);
    expect(store.subscribers.of(1)).toBeNull();
  });

  it('stores a fetched whole list only if nothing wrote to that list since the request went out', () => {
    store.subscribers.replaceAll([
      { channelId: 1, userIds: [3], partial: true },
      { channelId: 2, userIds: [3], partial: true },
    ]);
    expect(store.subscribers.isComplete(1)).toBe(false);
    expect(store.subscribers.isKnown(1)).toBe(true);

    // Another channel's event does not spoil the answer.
    let mark = store.subscribers.writeMark(1);
    store.subscribers.add([2], [9]);
    expect(store.subscribers.storeFetched(1, [3, 4, 5], mark)).toBe(true);
    expect(store.subscribers.of(1)).toEqual({ userIds: [3, 4, 5], partial: false });
    expect(store.subscribers.isComplete(1)).toBe(true);

    // A peer event on the list, or a new snapshot, does.
    for (const write of [
      () => store.subscribers.add([2], [7]),
      () => store.subscribers.remove([2], [3]),
      () => store.subscribers.replaceAll([{ channelId: 2, userIds: [3], partial: true }]),
    ]) {
      mark = store.subscribers.writeMark(2);
      write();
      expect(store.subscribers.storeFetched(2, [3, 6], mark)).toBe(false);
      expect(store.subscribers.isComplete(2)).toBe(false);
    }
  });
});

describe('small record lists', () => {
  it('navigation views keep the server order; a re-added fragment stays in place', () => {
    store.navigationViews.replaceAll([
      { fragment: 'inbox', isPinned: true, name: null },
      { fragment: 'narrow/x', isPinned: false, name: 'X' },
    ]);
    store.navigationViews.add({ fragment: 'recent', isPinned: true, name: null });
    store.navigationViews.add({ fragment: 'inbox', isPinned: false, name: null });
    expect(store.navigationViews.all().map((v) => [v.fragment, v.isPinned])).toEqual([
      ['inbox', false],
      ['narrow/x', false],
      ['recent', true],
    ]);
    expect(store.navigationViews.patch('nope', { isPinned: true })).toBe(false);
  });

  it('topic visibility: policy 0 removes the row', () => {
    store.userTopics.set({ channelId: 1, topic: 't', policy: 3, lastUpdated: 5 });
    expect(store.userTopics.policyOf(1, 't')).toBe(3);
    store.userTopics.set({ channelId: 1, topic: 't', policy: 0, lastUpdated: 6 });
    expect(store.userTopics.all()).toEqual([]);
  });

  it('user settings and push devices round-trip their values', () => {
    store.userSettings.replaceAll({ enter_sends: true, web_home_view: 'inbox', emojiset_choices: [{ key: 'x' }] });
    store.userSettings.set('enter_sends', false);
    expect(store.userSettings.all()).toEqual({
      enter_sends: false,
      web_home_view: 'inbox',
      emojiset_choices: [{ key: 'x' }],
    });
    expect(store.userSettings.getBoolean('missing', true)).toBe(true);
    store.pushDevices.upsert({ pushAccountId: 12, status: 'pending', errorCode: null });
    store.pushDevices.upsert({ pushAccountId: 12, status: 'failed', errorCode: 'REQUEST_EXPIRED' });
    expect(store.pushDevices.all()).toEqual([{ pushAccountId: 12, status: 'failed', errorCode: 'REQUEST_EXPIRED' }]);
  });
});

describe('query plans of the paged record reads', () => {
  function plan(sql: string, ...params: unknown[]): string {
    const rows = store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
    return rows.map((r) => r.detail).join('\n');
  }
  const cases: [string, string, unknown[], string][] = [
    [
      'users',
      'SELECT * FROM users WHERE (full_name COLLATE NOCASE, id) > (?, ?) ORDER BY full_name COLLATE NOCASE, id LIMIT ?',
      ['a', 1, 10],
      'users_by_name',
    ],
    [
      'user groups',
      'SELECT * FROM user_groups WHERE (name COLLATE NOCASE, id) > (?, ?) ORDER BY name COLLATE NOCASE, id LIMIT ?',
      ['a', 1, 10],
      'user_groups_by_name',
    ],
    [
      'drafts',
      "SELECT * FROM drafts WHERE state != 'deleted' AND (timestamp, local_key) < (?, ?) ORDER BY timestamp DESC, local_key DESC LIMIT ?",
      [5, 'k', 10],
      'drafts_by_time',
    ],
    [
      'group members by user',
      'SELECT group_id FROM user_group_members WHERE user_id = ?',
      [5],
      'user_group_members_by_user',
    ],
  ];
  for (const [what, sql, params, index] of cases) {
    it(`${what}: walks ${index} in order, no sort`, () => {
      const detail = plan(sql, ...params);
      expect(detail).toContain(index);
      expect(detail).not.toContain('TEMP B-TREE');
    });
  }

  it('the channel directory walks channels_by_name and looks subscriptions up by key', () => {
    const detail = plan(
      `SELECT c.*, (s.channel_id IS NOT NULL) AS subscribed FROM channels c LEFT JOIN subscriptions s ON s.channel_id = c.id
       WHERE (c.name COLLATE NOCASE, c.id) > (?, ?) ORDER BY c.name COLLATE NOCASE, c.id LIMIT ?`,
      'a',
      1,
      10,
    );
    expect(detail).toContain('channels_by_name');
    expect(detail).not.toContain('TEMP B-TREE');
    expect(detail).toMatch(/SEARCH s USING INTEGER PRIMARY KEY/);
  });
});

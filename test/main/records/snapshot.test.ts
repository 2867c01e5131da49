/** The records part of the register snapshot: every area stored, drafts reconciled, bad areas kept as they were. */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import { applySnapshot } from '../../../main/sync/snapshot';
import { tempDir } from '../store/fixtures';
import { SELF, register, subscription } from '../sync/fixtures';

let store: AccountStore;
let logged: string[];
const log = () => createLogger({ name: 't', sink: (line) => logged.push(line) });
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 's.sqlite'));
  logged = [];
  return () => store.close();
});

const records = {
  subscriptions: [subscription(10, 'general', { subscribers: [SELF, 2] }), subscription(11, 'design')],
  unsubscribed: [{ stream_id: 12, name: 'old', description: '', invite_only: false, subscribers: [3] }],
  never_subscribed: [
    { stream_id: 13, name: 'Browse me', description: 'd', invite_only: false, partial_subscribers: [4] },
  ],
  realm_user_groups: [
    {
      id: 1,
      name: 'role:members',
      description: '',
      members: [SELF, 2, 3],
      direct_subgroup_ids: [],
      is_system_group: true,
    },
    {
      id: 5,
      name: 'team',
      description: 'T',
      members: [2],
      direct_subgroup_ids: [1],
      is_system_group: false,
      deactivated: true,
      can_join_group: 1,
    },
  ],
  channel_folders: [{ id: 3, name: 'Work', description: '', rendered_description: '', order: 0, is_archived: false }],
  saved_snippets: [{ id: 7, title: 'Hi', content: 'hello', date_created: 9 }],
  navigation_views: [{ fragment: 'inbox', is_pinned: true }],
  custom_profile_fields: [
    { id: 2, type: 1, order: 0, name: 'Team', hint: '', field_data: '', required: true, editable_by_user: true },
  ],
  realm_playgrounds: [{ id: 4, name: 'Py', pygments_language: 'Python', url_template: 'https://py/{code}' }],
  user_topics: [{ stream_id: 10, topic_name: 'loud', last_updated: 3, visibility_policy: 1 }],
  user_settings: { enter_sends: true, enable_drafts_synchronization: true },
  drafts: [{ id: 40, type: 'stream', to: [10], topic: 't', content: 'from the server', timestamp: 100 }],
  push_devices: { '77': { status: 'active', error_code: null } },
  realm_topics_policy: 'allow_empty_topic',
  realm_can_create_groups: 1,
  server_typing_started_expiry_period_milliseconds: 9000,
  max_channel_folder_name_length: 60,
};

describe('records snapshot', () => {
  it('stores every area register sent', () => {
    applySnapshot(store, register('q', 1, records), SELF, 0, log());
    expect(store.channelDirectory.page(null, 10).items.map((c) => [c.id, c.subscribed])).toEqual([
      [13, false],
      [11, true],
      [10, true],
      [12, false],
    ]);
    expect(store.subscribers.of(10)).toEqual({ userIds: [SELF, 2], partial: false });
    expect(store.subscribers.of(13)).toEqual({ userIds: [4], partial: true });
    expect(store.subscribers.of(11)).toBeNull();
    expect(store.userGroups.get(5)).toMatchObject({
      deactivated: true,
      subgroups: [1],
      settings: { can_join_group: 1 },
    });
    expect(store.channelFolders.all()).toHaveLength(1);
    expect(store.savedSnippets.get(7)?.title).toBe('Hi');
    expect(store.navigationViews.all()).toEqual([{ fragment: 'inbox', isPinned: true, name: null }]);
    expect(store.profileFields.all()[0]).toMatchObject({ name: 'Team', required: true });
    expect(store.playgrounds.all()).toHaveLength(1);
    expect(store.userTopics.policyOf(10, 'loud')).toBe(1);
    expect(store.userSettings.get('enter_sends')).toBe(true);
    expect(store.drafts.byServerId(40)).toMatchObject({ content: 'from the server', state: 'synced' });
    expect(store.pushDevices.all()).toEqual([{ pushAccountId: 77, status: 'active', errorCode: null }]);
    expect(store.realm.get('realm_topics_policy')).toBe('allow_empty_topic');
    expect(store.realm.get('server_typing_started_expiry_period_milliseconds')).toBe(9000);
    // The base snapshot's keys are still there.
    expect(store.realm.get('realm_name')).toBe('Test realm');
  });

  it('a second register drops what the server no longer has', () => {
    applySnapshot(store, register('q', 1, records), SELF, 0);
    applySnapshot(
      store,
      register('q2', 1, { ...records, never_subscribed: [], realm_user_groups: [], user_topics: [] }),
      SELF,
      0,
    );
    expect(store.channelDirectory.get(13)).toBeNull();
    expect(store.userGroups.get(5)).toBeNull();
    expect(store.userTopics.all()).toEqual([]);
  });

  it('reconciles drafts: server versions, deletions elsewhere, and newer unsent local edits', () => {
    applySnapshot(store, register('q', 1, records), SELF, 0);
    const fromServer = store.drafts.byServerId(40)!;
    store.drafts.upsert({ ...fromServer, content: 'edited offline', timestamp: 200, state: 'dirty' });
    store.drafts.upsert({
      localKey: 'gone',
      serverId: 41,
      type: '',
      to: [],
      topic: '',
      content: 'x',
      timestamp: 1,
      state: 'synced',
      syncError: null,
    });
    store.drafts.upsert({
      localKey: 'local',
      serverId: null,
      type: '',
      to: [],
      topic: '',
      content: 'never sent',
      timestamp: 1,
      state: 'dirty',
      syncError: null,
    });
    applySnapshot(
      store,
      register('q2', 1, {
        ...records,
        drafts: [{ ...records.drafts[0], content: 'older server text', timestamp: 150 }],
      }),
      SELF,
      0,
    );
    expect(store.drafts.get(fromServer.localKey)).toMatchObject({
      content: 'edited offline',
      state: 'dirty',
      serverId: 40,
    });
    expect(store.drafts.get('gone')).toBeNull();
    expect(store.drafts.get('local')?.content).toBe('never sent');

    // Synchronization off: nothing on the server, everything kept here as local drafts.
    applySnapshot(
      store,
      register('q3', 1, { ...records, drafts: [], user_settings: { enable_drafts_synchronization: false } }),
      SELF,
      0,
    );
    expect(store.drafts.withServerId()).toEqual([]);
    expect(
      store.drafts
        .page(null, 10)
        .items.map((d) => d.content)
        .sort(),
    ).toEqual(['edited offline', 'never sent']);
  });

  it('an area in a shape it cannot read is logged and keeps the cached copy; the rest is stored', () => {
    applySnapshot(store, register('q', 1, records), SELF, 0);
    applySnapshot(
      store,
      register('q2', 1, {
        ...records,
        saved_snippets: [{ id: 'seven' }],
        realm_playgrounds: [],
        user_settings: { enter_sends: false },
      }),
      SELF,
      0,
      log(),
    );
    expect(store.savedSnippets.get(7)?.title).toBe('Hi');
    expect(store.playgrounds.all()).toEqual([]);
    expect(store.userSettings.get('enter_sends')).toBe(false);
    expect(logged.join('\n')).toMatch(/saved_snippets/);
  });
});

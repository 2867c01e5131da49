/**
 * The record appliers on a real cache, fed events parsed by the API layer's own schemas
 * (exactly what the sync loop gets). Each family: what it stores and which deltas it reports.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import { applyEvent, type ApplyContext } from '../../../main/sync/appliers';
import { tempDir } from '../store/fixtures';
import { SELF, event, subscription, user } from '../sync/fixtures';

let store: AccountStore;
let ctx: ApplyContext;
let n = 0;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  ctx = { store, selfUserId: SELF, log: createLogger({ name: 'test', sink: () => {} }) };
  return () => store.close();
});

const apply = (type: string, fields: Record<string, unknown>) => applyEvent(ctx, event({ id: ++n, type, ...fields }));
const areas = (deltas: ReturnType<typeof apply>) => deltas.flatMap((d) => (d.kind === 'recordsChanged' ? d.areas : []));

describe('stream', () => {
  it('creates, updates (columns, extra, description with its HTML) and deletes channels', () => {
    expect(
      areas(
        apply('stream', {
          op: 'create',
          streams: [{ stream_id: 5, name: 'new', description: 'd', invite_only: false, subscribers: [2, 3] }],
        }),
      ),
    ).toEqual(['channels']);
    expect(store.subscribers.of(5)?.userIds).toEqual([2, 3]);
    apply('stream', {
      op: 'update',
      stream_id: 5,
      name: 'new',
      property: 'description',
      value: 'x',
      rendered_description: '<p>x</p>',
    });
    apply('stream', {
      op: 'update',
      stream_id: 5,
      name: 'new',
      property: 'invite_only',
      value: true,
      history_public_to_subscribers: false,
    });
    apply('stream', { op: 'update', stream_id: 5, name: 'new', property: 'folder_id', value: null });
    expect(store.channelDirectory.get(5)).toMatchObject({
      description: 'x',
      renderedDescription: '<p>x</p>',
      inviteOnly: true,
      extra: { history_public_to_subscribers: false, folder_id: null },
    });
    expect(apply('stream', { op: 'update', stream_id: 77, name: 'x', property: 'name', value: 'y' })).toEqual([]);
    // Older servers name deleted channels in `streams` only.
    apply('stream', { op: 'delete', streams: [{ stream_id: 5 }] });
    expect(store.channelDirectory.get(5)).toBeNull();
    expect(store.subscribers.of(5)).toBeNull();
  });

  it('a channel created with no subscribers yet follows the peer_add events after it; one only made visible stays unknown', () => {
    apply('stream', {
      op: 'create',
      streams: [{ stream_id: 6, name: 'fresh', description: '', invite_only: false, subscriber_count: 0 }],
    });
    apply('subscription', { op: 'peer_add', stream_ids: [6], user_ids: [2, 3] });
    expect(store.subscribers.of(6)).toEqual({ userIds: [2, 3], partial: false });
    expect(store.channelDirectory.get(6)?.extra['subscriber_count']).toBe(2);
    apply('stream', {
      op: 'create',
      streams: [{ stream_id: 7, name: 'old', description: '', invite_only: false, subscriber_count: 4 }],
    });
    apply('subscription', { op: 'peer_add', stream_ids: [7], user_ids: [2] });
    expect(store.subscribers.of(7)).toBeNull();
    expect(store.channelDirectory.get(7)?.extra['subscriber_count']).toBe(5);
  });

  it('a change to a subscribed channel also changes the sidebar', () => {
    apply('subscription', { op: 'add', subscriptions: [subscription(9, 'mine')] });
    const deltas = apply('stream', { op: 'update', stream_id: 9, name: 'mine', property: 'name', value: 'ours' });
    expect(deltas).toContainEqual({ kind: 'sidebarChanged' });
    expect(store.channels.getSubscribed(9)?.name).toBe('ours');
  });
});

describe('subscription peers', () => {
  it('keeps subscriber lists and counts exact; the user joining or leaving updates their own entry', () => {
    apply('subscription', {
      op: 'add',
      subscriptions: [subscription(9, 'c', { subscribers: [SELF, 2], subscriber_count: 2 })],
    });
    apply('subscription', { op: 'peer_add', stream_ids: [9], user_ids: [3, 4] });
    apply('subscription', { op: 'peer_remove', stream_ids: [9], user_ids: [2] });
    expect(store.subscribers.of(9)?.userIds).toEqual([SELF, 3, 4]);
    expect(store.channelDirectory.get(9)?.extra['subscriber_count']).toBe(3);
    // Legacy single-ID peer events are widened.
    apply('subscription', { op: 'peer_add', stream_id: 9, user_id: 6 });
    expect(store.subscribers.of(9)?.userIds).toContain(6);
    apply('subscription', { op: 'remove', subscriptions: [{ stream_id: 9, name: 'c' }] });
    expect(store.subscribers.of(9)?.userIds).toEqual([3, 4, 6]);
  });

  it('both mute properties (is_muted and its inverse in_home_view) land on is_muted', () => {
    apply('subscription', { op: 'add', subscriptions: [subscription(9, 'c')] });
    apply('subscription', { op: 'update', stream_id: 9, property: 'is_muted', value: true });
    expect(store.channels.getSubscribed(9)?.subscription.isMuted).toBe(true);
    apply('subscription', { op: 'update', stream_id: 9, property: 'in_home_view', value: true });
    expect(store.channels.getSubscribed(9)?.subscription.isMuted).toBe(false);
    apply('subscription', { op: 'update', stream_id: 9, property: 'desktop_notifications', value: null });
    expect(store.channels.getSubscribed(9)?.subscription.settings['desktop_notifications']).toBeNull();
  });
});

describe('user_group', () => {
  const g = {
    id: 4,
    name: 'team',
    description: '',
    members: [2],
    direct_subgroup_ids: [],
    is_system_group: false,
    can_mention_group: 1,
  };

  it('applies every op', () => {
    expect(areas(apply('user_group', { op: 'add', group: g }))).toEqual(['groups']);
    apply('user_group', {
      op: 'update',
      group_id: 4,
      data: { name: 'crew', can_mention_group: { direct_members: [2], direct_subgroups: [] } },
    });
    apply('user_group', { op: 'add_members', group_id: 4, user_ids: [3, 5] });
    apply('user_group', { op: 'remove_members', group_id: 4, user_ids: [2] });
    apply('user_group', { op: 'add_subgroups', group_id: 4, direct_subgroup_ids: [8, 9] });
    apply('user_group', { op: 'remove_subgroups', group_id: 4, direct_subgroup_ids: [8] });
    apply('user_group', { op: 'update', group_id: 4, data: { deactivated: true } });
    expect(store.userGroups.get(4)).toMatchObject({
      name: 'crew',
      members: [3, 5],
      subgroups: [9],
      deactivated: true,
      settings: { can_mention_group: { direct_members: [2], direct_subgroups: [] } },
    });
    apply('user_group', { op: 'remove', group_id: 4 });
    expect(store.userGroups.get(4)).toBeNull();
  });

  it('ignores events about a group it does not know', () => {
    expect(apply('user_group', { op: 'add_members', group_id: 40, user_ids: [1] })).toEqual([]);
  });

  it('a deactivated user leaves every group; other realm_user forms keep role flags in step', () => {
    apply('user_group', { op: 'add', group: { ...g, members: [2, 3] } });
    apply('realm_user', { op: 'add', person: user(3, 'Cy') });
    apply('realm_user', { op: 'update', person: { user_id: 3, role: 200 } });
    expect(store.users.get(3)?.extra).toMatchObject({ is_admin: true, is_owner: false });
    const deltas = apply('realm_user', { op: 'update', person: { user_id: 3, is_active: false } });
    expect(areas(deltas)).toEqual(['users', 'groups']);
    expect(store.userGroups.get(4)?.members).toEqual([2]);
    apply('realm_user', {
      op: 'update',
      person: {
        user_id: 3,
        avatar_url: 'https://a/x.png',
        avatar_source: 'U',
        avatar_url_medium: 'm',
        avatar_version: 3,
      },
    });
    apply('realm_user', { op: 'update', person: { user_id: 3, delivery_email: null } });
    apply('realm_user', { op: 'update', person: { user_id: 3, bot_owner_id: 2 } });
    expect(store.users.get(3)).toMatchObject({
      avatarUrl: 'https://a/x.png',
      isActive: false,
      extra: expect.objectContaining({ avatar_version: 3, delivery_email: null, bot_owner_id: 2 }),
    });
  });
});

describe('drafts', () => {
  const d = (id: number, content: string, timestamp: number) => ({
    id,
    type: 'stream',
    to: [9],
    topic: 't',
    content,
    timestamp,
  });

  it('adds and updates by server ID, and a deletion elsewhere removes the local draft', () => {
    apply('drafts', { op: 'add', drafts: [d(1, 'one', 100)] });
    apply('drafts', { op: 'update', draft: d(1, 'one, edited', 110) });
    expect(store.drafts.byServerId(1)).toMatchObject({ content: 'one, edited', state: 'synced', timestamp: 110 });
    expect(areas(apply('drafts', { op: 'remove', draft_id: 1 }))).toEqual(['drafts']);
    expect(store.drafts.byServerId(1)).toBeNull();
    expect(apply('drafts', { op: 'remove', draft_id: 1 })).toEqual([]);
  });

  it('an unsent local edit newer than the server version wins; an older one loses', () => {
    apply('drafts', { op: 'add', drafts: [d(2, 'server', 100)] });
    const mine = store.drafts.byServerId(2)!;
    store.drafts.upsert({ ...mine, content: 'mine, newer', timestamp: 150, state: 'dirty' });
    expect(apply('drafts', { op: 'update', draft: d(2, 'theirs, older', 120) })).toEqual([]);
    expect(store.drafts.byServerId(2)?.content).toBe('mine, newer');
    apply('drafts', { op: 'update', draft: d(2, 'theirs, newest', 200) });
    expect(store.drafts.byServerId(2)).toMatchObject({
      content: 'theirs, newest',
      state: 'synced',
      localKey: mine.localKey,
    });
  });
});

describe('the other record families', () => {
  it('saved snippets, navigation views, folders, profile fields and playgrounds', () => {
    apply('saved_snippets', { op: 'add', saved_snippet: { id: 1, title: 'a', content: 'x', date_created: 5 } });
    apply('saved_snippets', { op: 'update', saved_snippet: { id: 1, title: 'b', content: 'y', date_created: 5 } });
    expect(store.savedSnippets.get(1)).toEqual({ id: 1, title: 'b', content: 'y', dateCreated: 5 });
    apply('saved_snippets', { op: 'remove', saved_snippet_id: 1 });
    expect(store.savedSnippets.get(1)).toBeNull();

    apply('navigation_view', { op: 'add', navigation_view: { fragment: 'narrow/a', is_pinned: true, name: 'A' } });
    apply('navigation_view', { op: 'update', fragment: 'narrow/a', data: { is_pinned: false } });
    expect(store.navigationViews.get('narrow/a')).toEqual({ fragment: 'narrow/a', isPinned: false, name: 'A' });
    apply('navigation_view', { op: 'remove', fragment: 'narrow/a' });
    expect(store.navigationViews.all()).toEqual([]);

    apply('channel_folder', {
      op: 'add',
      channel_folder: { id: 1, name: 'One', description: '', rendered_description: '' },
    });
    apply('channel_folder', {
      op: 'add',
      channel_folder: { id: 2, name: 'Two', description: '', rendered_description: '' },
    });
    apply('channel_folder', { op: 'update', channel_folder_id: 1, data: { name: 'Uno', is_archived: true } });
    apply('channel_folder', { op: 'reorder', order: [2, 1] });
    expect(store.channelFolders.all().map((f) => [f.id, f.name, f.isArchived])).toEqual([
      [2, 'Two', false],
      [1, 'Uno', true],
    ]);

    apply('custom_profile_fields', {
      fields: [
        {
          id: 3,
          type: 3,
          order: 1,
          name: 'Office',
          hint: '',
          field_data: '{"a":{"text":"A","order":"1"}}',
          required: false,
          editable_by_user: true,
        },
      ],
    });
    expect(store.profileFields.all()).toEqual([
      expect.objectContaining({ id: 3, name: 'Office', displayInProfileSummary: false }),
    ]);
    apply('custom_profile_fields', { fields: [] });
    expect(store.profileFields.all()).toEqual([]);

    apply('realm_playgrounds', {
      realm_playgrounds: [{ id: 1, name: 'Go', pygments_language: 'Go', url_template: 'https://go/{code}' }],
    });
    expect(store.playgrounds.all()).toEqual([
      { id: 1, name: 'Go', pygmentsLanguage: 'Go', urlTemplate: 'https://go/{code}' },
    ]);
  });

  it('user_topic sets and clears a policy; an unknown policy is ignored', () => {
    apply('user_topic', { stream_id: 9, topic_name: 'x', last_updated: 5, visibility_policy: 3 });
    expect(store.userTopics.policyOf(9, 'x')).toBe(3);
    expect(apply('user_topic', { stream_id: 9, topic_name: 'x', last_updated: 6, visibility_policy: 9 })).toEqual([]);
    apply('user_topic', { stream_id: 9, topic_name: 'x', last_updated: 7, visibility_policy: 0 });
    expect(store.userTopics.all()).toEqual([]);
  });

  it('user_settings: turning drafts sync off detaches the drafts', () => {
    apply('drafts', { op: 'add', drafts: [{ id: 5, type: '', to: [], topic: '', content: 'c', timestamp: 1 }] });
    expect(
      areas(apply('user_settings', { op: 'update', property: 'enable_drafts_synchronization', value: false })),
    ).toEqual(['settings', 'drafts']);
    expect(store.userSettings.get('enable_drafts_synchronization')).toBe(false);
    expect(store.drafts.withServerId()).toEqual([]);
    expect(store.drafts.pending()).toHaveLength(1);
  });

  it('realm update and update_dict store realm_<name>', () => {
    apply('realm', { op: 'update', property: 'name', value: 'New name' });
    apply('realm', {
      op: 'update_dict',
      property: 'default',
      data: { topics_policy: 'disable_empty_topic', can_create_groups: 12 },
    });
    expect(store.realm.get('realm_name')).toBe('New name');
    expect(store.realm.get('realm_topics_policy')).toBe('disable_empty_topic');
    expect(store.realm.get('realm_can_create_groups')).toBe(12);
    expect(apply('realm', { op: 'deactivated', realm_id: 1 })).toEqual([]);
  });

  it('push_device (string account ID) is stored', () => {
    apply('push_device', { push_account_id: '1234', status: 'failed', error_code: 'INVALID_BOUNCER_PUBLIC_KEY' });
    expect(store.pushDevices.get(1234)).toEqual({
      pushAccountId: 1234,
      status: 'failed',
      errorCode: 'INVALID_BOUNCER_PUBLIC_KEY',
    });
  });

  it('typing becomes a delta naming the conversation as this user sees it; own typing is ignored', () => {
    expect(
      apply('typing', {
        op: 'start',
        message_type: 'direct',
        sender: { user_id: 2 },
        recipients: [{ user_id: 2 }, { user_id: SELF }, { user_id: 4 }],
      }),
    ).toEqual([{ kind: 'typing', op: 'start', senderId: 2, narrow: { kind: 'dm', userIds: [2, 4] } }]);
    expect(
      apply('typing', { op: 'stop', message_type: 'stream', sender: { user_id: 3 }, stream_id: 9, topic: 'x' }),
    ).toEqual([{ kind: 'typing', op: 'stop', senderId: 3, narrow: { kind: 'topic', channelId: 9, topic: 'x' } }]);
    expect(apply('typing', { op: 'start', message_type: 'direct', sender: { user_id: SELF }, recipients: [] })).toEqual(
      [],
    );
  });

  it('an unknown op of a known family is skipped, not fatal', () => {
    expect(apply('drafts', { op: 'sparkle' })).toEqual([]);
  });
});

describe('invites_changed', () => {
  it('tells the invitation list to fetch again, keeping nothing', () => {
    expect(areas(apply('invites_changed', {}))).toEqual(['invites']);
  });
});

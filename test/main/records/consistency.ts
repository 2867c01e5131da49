/**
 * "The cache must match what a fresh POST /register says": reads the records of a fresh
 * register (plain HTTP, as another client) and of the cache into one comparable shape.
 */
import type { AccountStore } from '../../../main/store/account-store';
import { freshRegister, type Person } from './support';

type Raw = Record<string, unknown>;
const arr = (v: unknown) => (Array.isArray(v) ? (v as Raw[]) : []);
const sorted = (ids: unknown) => [...((ids as number[] | undefined) ?? [])].sort((a, b) => a - b);
const byKey = <T>(list: T[], key: (t: T) => string | number) =>
  [...list].sort((a, b) => String(key(a)).localeCompare(String(key(b)), 'en', { numeric: true }));

/** The fetch types and capabilities the sync engine registers with (main/sync/register-params.ts). */
export const RECORD_FETCH_TYPES = [
  'subscription',
  'realm_user',
  'realm',
  'realm_user_groups',
  'channel_folders',
  'drafts',
  'saved_snippets',
  'navigation_views',
  'custom_profile_fields',
  'realm_playgrounds',
  'user_topic',
  'user_settings',
  'push_device',
];

export async function recordsFromServer(p: Person) {
  const r = await freshRegister(p, RECORD_FETCH_TYPES, { include_subscribers: 'true' });
  const channels = [...arr(r['subscriptions']), ...arr(r['unsubscribed']), ...arr(r['never_subscribed'])];
  const subscribed = new Set(arr(r['subscriptions']).map((s) => s['stream_id']));
  return {
    channels: byKey(
      channels.map((c) => ({
        id: c['stream_id'] as number,
        name: c['name'],
        description: c['description'],
        inviteOnly: c['invite_only'],
        subscribed: subscribed.has(c['stream_id']),
        subscribers: c['subscribers'] === undefined ? null : sorted(c['subscribers']),
      })),
      (c) => c.id,
    ),
    subscriptions: byKey(
      arr(r['subscriptions']).map((s) => ({
        id: s['stream_id'] as number,
        color: s['color'],
        isMuted: s['is_muted'],
        pinToTop: s['pin_to_top'],
      })),
      (s) => s.id,
    ),
    groups: byKey(
      arr(r['realm_user_groups']).map((g) => ({
        id: g['id'] as number,
        name: g['name'],
        description: g['description'],
        deactivated: g['deactivated'] ?? false,
        members: sorted(g['members']),
        subgroups: sorted(g['direct_subgroup_ids']),
        settings: Object.fromEntries(Object.entries(g).filter(([k]) => k.startsWith('can_') && k.endsWith('_group'))),
      })),
      (g) => g.id,
    ),
    folders: byKey(
      arr(r['channel_folders']).map((f) => ({
        id: f['id'] as number,
        name: f['name'],
        archived: f['is_archived'] ?? false,
      })),
      (f) => f.id,
    ),
    drafts: byKey(
      arr(r['drafts']).map((d) => ({ id: d['id'] as number, content: d['content'], topic: d['topic'] })),
      (d) => d.id,
    ),
    snippets: byKey(
      arr(r['saved_snippets']).map((s) => ({ id: s['id'] as number, title: s['title'], content: s['content'] })),
      (s) => s.id,
    ),
    views: arr(r['navigation_views']).map((v) => ({
      fragment: v['fragment'],
      isPinned: v['is_pinned'],
      name: v['name'] ?? null,
    })),
    fields: byKey(
      arr(r['custom_profile_fields']).map((f) => ({ id: f['id'] as number, name: f['name'], type: f['type'] })),
      (f) => f.id,
    ),
    playgrounds: byKey(
      arr(r['realm_playgrounds']).map((x) => ({ id: x['id'] as number, name: x['name'] })),
      (x) => x.id,
    ),
    topics: byKey(
      arr(r['user_topics']).map((t) => ({
        key: `${String(t['stream_id'])}:${String(t['topic_name'])}`,
        policy: t['visibility_policy'],
      })),
      (t) => t.key,
    ),
    users: byKey(
      [...arr(r['realm_users']), ...arr(r['realm_non_active_users']), ...arr(r['cross_realm_bots'])].map((u) => ({
        id: u['user_id'] as number,
        name: u['full_name'],
        role: u['role'],
        active: arr(r['realm_non_active_users']).every((x) => x['user_id'] !== u['user_id']),
      })),
      (u) => u.id,
    ),
    settings: r['user_settings'] as Raw,
    realmName: r['realm_name'],
    pushDevices: r['push_devices'] as Raw,
  };
}

export function recordsFromCache(store: AccountStore) {
  const channels = store.channelDirectory.page(null, 500).items;
  const groups = store.userGroups.page(null, 500).items;
  return {
    channels: byKey(
      channels.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        inviteOnly: c.inviteOnly,
        subscribed: c.subscribed,
        subscribers: store.subscribers.of(c.id)?.userIds ?? null,
      })),
      (c) => c.id,
    ),
    subscriptions: store.channels
      .subscribed()
      .map((c) => ({
        id: c.id,
        color: c.subscription.color,
        isMuted: c.subscription.isMuted,
        pinToTop: c.subscription.pinToTop,
      }))
      .sort((a, b) => a.id - b.id),
    groups: byKey(
      groups.map((g) => ({
        id: g.id,
        name: g.name,
        description: g.description,
        deactivated: g.deactivated,
        members: g.members,
        subgroups: g.subgroups,
        settings: g.settings,
      })),
      (g) => g.id,
    ),
    folders: store.channelFolders
      .all()
      .map((f) => ({ id: f.id, name: f.name, archived: f.isArchived }))
      .sort((a, b) => a.id - b.id),
    drafts: store.drafts
      .withServerId()
      .map((d) => ({ id: d.serverId as number, content: d.content, topic: d.topic }))
      .sort((a, b) => a.id - b.id),
    snippets: store.savedSnippets.page(null, 500).items.map((s) => ({ id: s.id, title: s.title, content: s.content })),
    views: store.navigationViews.all(),
    fields: store.profileFields
      .all()
      .map((f) => ({ id: f.id, name: f.name, type: f.type }))
      .sort((a, b) => a.id - b.id),
    playgrounds: store.playgrounds.all().map((x) => ({ id: x.id, name: x.name })),
    topics: byKey(
      store.userTopics.all().map((t) => ({ key: `${t.channelId}:${t.topic}`, policy: t.policy })),
      (t) => t.key,
    ),
    users: store.users
      .all()
      .map((u) => ({ id: u.id, name: u.fullName, role: u.role, active: u.isActive }))
      .sort((a, b) => a.id - b.id),
    settings: store.userSettings.all(),
    realmName: store.realm.get('realm_name'),
    pushDevices: Object.fromEntries(
      store.pushDevices.all().map((d) => [String(d.pushAccountId), { status: d.status, error_code: d.errorCode }]),
    ),
  };
}

/**
 * The non-message part of POST /register's snapshot: channel directory and subscriber lists,
 * user groups, folders, drafts, snippets, navigation views, profile fields, playgrounds, topic
 * visibility, user settings, push devices and the realm settings and limits. Runs inside the
 * snapshot's transaction. Each area is parsed on its own: one the server sent in a shape we
 * cannot read is logged and keeps what the cache had, instead of failing the whole register.
 */
import * as z from 'zod';
import { BasicChannel, Subscription, type RegisterResponse } from '../api';
import {
  ChannelFolder,
  CustomProfileField,
  Draft,
  NavigationView,
  RealmEmojiMap,
  RealmLinkifier,
  RealmDomain,
  Bot,
  RealmPlayground,
  SavedSnippet,
  UserGroup,
  UserTopicRecord,
} from '../api/schemas/records';
import type { Logger } from '../log';
import { PushDevices } from '../push/devices';
import type { AccountStore } from '../store/account-store';
import { mergeServerDraft } from './appliers/drafts';
import { toStoredCustomEmoji } from './appliers/realm-emoji';
import { LINKIFIERS_KEY, toStoredLinkifiers } from './convert-linkifiers';
import { REALM_DOMAINS_KEY, toStoredRealmDomains } from './convert-realm-domains';
import { USER_DEFAULTS_KEY, storedUserDefaults } from './convert-user-defaults';
import { BOTS_KEY, sortedBots, toBotView } from './convert-bots';
import {
  subscriberListOf,
  toStoredChannel,
  toStoredFolder,
  toStoredGroup,
  toStoredPlayground,
  toStoredProfileField,
  toStoredSnippet,
  toVisibilityPolicy,
} from './convert-records';

type Raw = Record<string, unknown>;

/** Parses register[key] with schema; absent → null (nothing to replace), unreadable → logged, null. */
function area<S extends z.ZodType>(raw: Raw, key: string, schema: S, log?: Logger): z.infer<S> | null {
  if (raw[key] === undefined) return null;
  const parsed = schema.safeParse(raw[key]);
  if (parsed.success) return parsed.data;
  log?.warn('register sent a field we cannot read; the cached copy is kept', {
    field: key,
    problem: parsed.error.issues[0]?.message,
    path: parsed.error.issues[0]?.path.join('.'),
  });
  return null;
}

/** Organization settings and limits kept in the realm table: plain values and group settings. */
function isRealmSetting(key: string, value: unknown): boolean {
  // A clock reading that comes with presence (kept by snapshot-presence.ts), not a setting.
  if (key === 'server_timestamp') return false;
  if (!/^(realm_|max_|server_)/.test(key)) return false;
  const plain = value === null || ['string', 'number', 'boolean'].includes(typeof value);
  return plain || key.endsWith('_group');
}

function channelDirectory(store: AccountStore, raw: Raw, log?: Logger): void {
  const subscribed = area(raw, 'subscriptions', z.array(Subscription), log);
  const unsubscribed = area(raw, 'unsubscribed', z.array(BasicChannel), log) ?? [];
  const never = area(raw, 'never_subscribed', z.array(BasicChannel), log) ?? [];
  if (!subscribed) return;
  for (const c of [...unsubscribed, ...never]) store.channelDirectory.upsert(toStoredChannel(c));
  const visible = new Set([...subscribed, ...unsubscribed, ...never].map((c) => c.stream_id));
  for (const id of store.channelDirectory.retainOnly(visible)) store.ranges.forgetChannel(id);
  store.subscribers.replaceAll(
    [...subscribed, ...unsubscribed, ...never].flatMap((c) => {
      const list = subscriberListOf(c);
      return list ? [{ channelId: c.stream_id, ...list }] : [];
    }),
  );
}

/**
 * The server's drafts against ours: its versions win unless ours were edited later; a synced
 * draft the server no longer has was deleted elsewhere and goes; an unsent edit stays, to be
 * created again. With synchronization off the server lists none and keeps none.
 */
function drafts(store: AccountStore, raw: Raw, syncOn: boolean, log?: Logger): void {
  const list = area(raw, 'drafts', z.array(Draft), log);
  if (!syncOn) {
    store.drafts.detachAll();
    return;
  }
  if (!list) return;
  for (const d of list) mergeServerDraft(store, d);
  const onServer = new Set(list.map((d) => d.id));
  for (const mine of store.drafts.withServerId()) {
    if (mine.serverId === null || onServer.has(mine.serverId)) continue;
    if (mine.state === 'dirty') store.drafts.upsert({ ...mine, serverId: null });
    else store.drafts.remove(mine.localKey);
  }
}

export function applyRecordsSnapshot(store: AccountStore, r: RegisterResponse, log?: Logger): void {
  const raw = r as unknown as Raw;
  channelDirectory(store, raw, log);

  const groups = area(raw, 'realm_user_groups', z.array(UserGroup), log);
  if (groups) store.userGroups.replaceAll(groups.map(toStoredGroup));
  const folders = area(raw, 'channel_folders', z.array(ChannelFolder), log);
  if (folders) store.channelFolders.replaceAll(folders.map((f, i) => toStoredFolder(f, i)));
  const snippets = area(raw, 'saved_snippets', z.array(SavedSnippet), log);
  if (snippets) store.savedSnippets.replaceAll(snippets.map(toStoredSnippet));
  const views = area(raw, 'navigation_views', z.array(NavigationView), log);
  if (views) {
    store.navigationViews.replaceAll(
      views.map((v) => ({ fragment: v.fragment, isPinned: v.is_pinned, name: v.name ?? null })),
    );
  }
  const fields = area(raw, 'custom_profile_fields', z.array(CustomProfileField), log);
  if (fields) store.profileFields.replaceAll(fields.map(toStoredProfileField));
  const linkifiers = area(raw, 'realm_linkifiers', z.array(RealmLinkifier), log);
  if (linkifiers) store.realm.set(LINKIFIERS_KEY, toStoredLinkifiers(linkifiers));
  const domains = area(raw, 'realm_domains', z.array(RealmDomain), log);
  if (domains) store.realm.set(REALM_DOMAINS_KEY, toStoredRealmDomains(domains));
  const userDefaults = area(raw, 'realm_user_settings_defaults', z.record(z.string(), z.unknown()), log);
  if (userDefaults) store.realm.set(USER_DEFAULTS_KEY, storedUserDefaults(userDefaults));
  const bots = area(raw, 'realm_bots', z.array(Bot), log);
  if (bots) store.realm.set(BOTS_KEY, sortedBots(bots.map(toBotView)));
  const playgrounds = area(raw, 'realm_playgrounds', z.array(RealmPlayground), log);
  if (playgrounds) store.playgrounds.replaceAll(playgrounds.map(toStoredPlayground));
  const customEmoji = area(raw, 'realm_emoji', RealmEmojiMap, log);
  if (customEmoji) store.emojiTable.replaceCustomEmoji(toStoredCustomEmoji(customEmoji));
  const topics = area(raw, 'user_topics', z.array(UserTopicRecord), log);
  if (topics) {
    store.userTopics.replaceAll(
      topics.flatMap((t) => {
        const policy = toVisibilityPolicy(t.visibility_policy);
        return policy === null
          ? []
          : [{ channelId: t.stream_id, topic: t.topic_name, policy, lastUpdated: Math.floor(t.last_updated) }];
      }),
    );
  }
  const settings = area(raw, 'user_settings', z.record(z.string(), z.unknown()), log);
  if (settings) store.userSettings.replaceAll(settings);
  // Drafts sync is on unless the user turned it off (the setting dates from FL 87).
  drafts(store, raw, store.userSettings.getBoolean('enable_drafts_synchronization', true), log);
  const push = area(raw, 'push_devices', PushDevices, log);
  if (push) {
    store.pushDevices.replaceAll(
      Object.entries(push)
        .filter(([id]) => /^\d+$/.test(id))
        .map(([id, d]) => ({ pushAccountId: Number(id), status: d.status, errorCode: d.error_code ?? null })),
    );
  }
  for (const [key, value] of Object.entries(raw)) if (isRealmSetting(key, value)) store.realm.set(key, value);
}

import type { App } from '../app';
import type { GroupGraph, GroupSettingValue } from '../groups/graph';
import { CHANNEL_SETTINGS, defaultSetting, hasRealmPermission, isAdmin, realmValue } from '../groups/permissions';
import { checkSettingValue, parseSettingValue } from '../groups/setting_value';
import { ApiError, badRequest } from '../http/errors';
import type { Params } from '../http/params';
import { ROLE, type UserRow } from '../store/rows';

export const TOPICS_POLICIES = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'];

/** How a new channel is configured (POST /channels/create, or auto-creation on subscribe). */
export interface ChannelOptions {
  inviteOnly: boolean;
  isWebPublic: boolean;
  isDefault: boolean;
  /** Undefined: public history for public channels, protected for private ones. */
  historyPublic: boolean | undefined;
  /** null: the organization's setting; -1: forever; else days. */
  retentionDays: number | null;
  topicsPolicy: string;
  folderId: number | null;
  /** Only the permission settings the request named. */
  settings: Record<string, GroupSettingValue>;
}

/** A parameter Zulip documents as JSON but clients also send plain: JSON when it parses, else raw. */
export function looseJson(params: Params, name: string): unknown {
  const raw = params.string(name);
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** message_retention_days: "realm_default", "unlimited" or a positive number of days. */
export function parseRetention(value: unknown): number | null {
  if (value === undefined || value === 'realm_default') return null;
  if (value === 'unlimited') return -1;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw badRequest(
    `Bad value for 'message_retention_days': ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
}

export function parseTopicsPolicy(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !TOPICS_POLICIES.includes(value)) throw badRequest('Invalid topics_policy');
  return value;
}

export function readChannelOptions(params: Params): ChannelOptions {
  const folderId = params.json('folder_id');
  if (folderId !== undefined && folderId !== null && !Number.isSafeInteger(folderId)) {
    throw badRequest('folder_id is not an integer');
  }
  const settings: Record<string, GroupSettingValue> = {};
  for (const name of Object.keys(CHANNEL_SETTINGS)) {
    const raw = params.json(name);
    if (raw !== undefined) settings[name] = parseSettingValue(raw, name);
  }
  return {
    inviteOnly: params.bool('invite_only', false),
    isWebPublic: params.bool('is_web_public', false),
    isDefault: params.bool('is_default_stream', false),
    historyPublic: params.bool('history_public_to_subscribers'),
    retentionDays: parseRetention(looseJson(params, 'message_retention_days')),
    // JSON-typed on channel creation, as in Zulip: a bare `inherit` is refused.
    topicsPolicy: parseTopicsPolicy(params.json('topics_policy')) ?? 'inherit',
    folderId: (folderId as number | null | undefined) ?? null,
    settings,
  };
}

const insufficient = (): ApiError => badRequest('Insufficient permission');
export const adminRequired = (): ApiError =>
  new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
export const ownerRequired = (): ApiError =>
  new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');

/** Zulip's web_public_streams_enabled: the server setting and the organization's spectator access. */
export function webPublicEnabled(app: App, graph: GroupGraph): boolean {
  return app.options.webPublicStreams && realmValue(app, graph, 'enable_spectator_access') === true;
}

/**
 * Checks that `user` may create a channel configured like this, and resolves it: the history
 * default, and every permission setting (the request's, validated, or Zulip's default).
 */
export function checkChannelOptions(
  app: App,
  graph: GroupGraph,
  user: UserRow,
  opts: ChannelOptions,
): { historyPublic: boolean; settings: Record<string, GroupSettingValue> } {
  if (user.role === ROLE.guest) throw badRequest('Not allowed for guest users');
  const createGroup = opts.inviteOnly ? 'can_create_private_channel_group' : 'can_create_public_channel_group';
  if (!hasRealmPermission(app, graph, user, createGroup)) throw insufficient();
  // Public channels always have public history; private ones default to protected history.
  const historyPublic = opts.inviteOnly ? (opts.historyPublic ?? false) : true;
  if (opts.isWebPublic) {
    if (!webPublicEnabled(app, graph)) throw badRequest('Web-public channels are not enabled.');
    if (!hasRealmPermission(app, graph, user, 'can_create_web_public_channel_group')) throw insufficient();
    if (opts.inviteOnly || !historyPublic) throw badRequest('Invalid parameters');
  }
  if (opts.isDefault) {
    if (!isAdmin(user)) throw adminRequired();
    if (opts.inviteOnly) throw badRequest('A default channel cannot be private.');
  }
  if (opts.retentionDays !== null && user.role !== ROLE.owner) throw ownerRequired();
  if (opts.topicsPolicy !== 'inherit' && !hasRealmPermission(app, graph, user, 'can_set_topics_policy_group')) {
    throw insufficient();
  }
  if (opts.folderId !== null && !app.store.folders.byId(opts.folderId)) throw badRequest('Invalid channel folder ID');
  const settings: Record<string, GroupSettingValue> = {};
  for (const [name, rule] of Object.entries(CHANNEL_SETTINGS)) {
    const given = opts.settings[name];
    settings[name] =
      given === undefined
        ? defaultSetting(rule, graph, user.id)
        : checkSettingValue(given, name, rule, graph, app.store);
  }
  return { historyPublic, settings };
}

import type { App } from '../app';
import { badRequest } from '../http/errors';
import { realmState } from '../register/realm_state';
import type { RealmColumn } from '../store/realm_settings';

/**
 * The organization settings PATCH /realm accepts, with how each is validated and announced.
 * Zulip announces most properties as `realm` `update` events; group settings and the message-edit
 * settings travel as `update_dict` (their historical format), which this table mirrors.
 */
export interface RealmProperty {
  kind: 'bool' | 'int' | 'string' | 'group' | 'edit_limit';
  /** Stored in the realm table rather than as an override. */
  column?: RealmColumn;
  event: 'update' | 'update_dict';
  /** Only organization owners may change it. */
  ownerOnly?: boolean;
  /** Extra validation of an already type-checked value. */
  check?: (value: never) => void;
}

const str =
  (limit: number, blank = false) =>
  (value: string) => {
    if (!blank && value.trim().length === 0) throw badRequest('Organization name cannot be empty.');
    if ([...value].length > limit) throw badRequest(`Value too long (limit: ${limit} characters)`);
  };

const GROUP_SETTINGS = [
  'can_access_all_users_group',
  'can_add_custom_emoji_group',
  'can_add_subscribers_group',
  'can_create_groups',
  'can_create_private_channel_group',
  'can_create_public_channel_group',
  'can_create_web_public_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_invite_users_group',
  'can_manage_all_groups',
  'can_mention_many_users_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
  'create_multiuse_invite_group',
  'direct_message_initiator_group',
  'direct_message_permission_group',
] as const;

const OWNER_ONLY = new Set([
  'can_access_all_users_group',
  'can_create_web_public_channel_group',
  'can_manage_all_groups',
]);

export const REALM_PROPERTIES: Readonly<Record<string, RealmProperty>> = {
  name: { kind: 'string', column: 'name', event: 'update', check: str(40) },
  description: { kind: 'string', column: 'description', event: 'update', check: str(1000, true) },
  topics_policy: {
    kind: 'string',
    column: 'topics_policy',
    event: 'update',
    check: (value: string) => {
      if (value !== 'allow_empty_topic' && value !== 'disable_empty_topic') throw badRequest('Invalid topics_policy');
    },
  },
  allow_message_editing: { kind: 'bool', event: 'update_dict' },
  message_content_edit_limit_seconds: { kind: 'edit_limit', event: 'update_dict' },
  allow_edit_history: { kind: 'bool', event: 'update' },
  waiting_period_threshold: {
    kind: 'int',
    event: 'update',
    check: (value: number) => {
      if (value < 0) throw badRequest('Invalid waiting_period_threshold');
    },
  },
  default_language: {
    kind: 'string',
    event: 'update',
    check: (value: string) => {
      if (!/^[a-z]{2,3}([-_][A-Za-z]{2,4})?$/.test(value)) throw badRequest(`Invalid language '${value}'`);
    },
  },
  enable_read_receipts: { kind: 'bool', event: 'update' },
  inline_image_preview: { kind: 'bool', event: 'update' },
  inline_url_embed_preview: { kind: 'bool', event: 'update' },
  presence_disabled: { kind: 'bool', event: 'update' },
  // Overrides the --spectator-access flag; spectators still need --web-public-streams.
  enable_spectator_access: { kind: 'bool', event: 'update' },
  ...Object.fromEntries(
    GROUP_SETTINGS.map((name) => [
      name,
      { kind: 'group', event: 'update_dict', ...(OWNER_ONLY.has(name) ? { ownerOnly: true } : {}) },
    ]),
  ),
};

/** The organization's current value of a setting, by its name without the realm_ prefix. */
export function realmSetting(app: App, name: string): unknown {
  return realmState(app, app.store.groups.all(), 0)[`realm_${name}`];
}

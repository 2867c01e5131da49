import type { App } from '../app';
import { DEFAULT_SETTINGS } from '../register/user_settings';
import { USER_SETTING_TYPES } from './user_properties';

/**
 * The organization's default settings for new users (Zulip's RealmUserDefault): every personal
 * setting except the per-person ones, plus who may see the new person's email address.
 * register lists all of them as realm_user_settings_defaults.
 */
const BUILT_IN: Readonly<Record<string, unknown>> = { ...DEFAULT_SETTINGS, email_address_visibility: 1 };

/**
 * What PATCH /realm/user_settings_defaults does not take (OpenAPI's update-realm-user-settings-
 * defaults): the language is the organization's own setting, the rest belong to each person.
 */
const NOT_SETTABLE = new Set([
  'default_language',
  'timezone',
  'allow_private_data_export',
  'enable_marketing_emails',
  'enable_login_emails',
]);

/** The settable names with their types, as PATCH /settings reads them. */
export const DEFAULT_SETTING_NAMES: readonly string[] = [...USER_SETTING_TYPES.keys()].filter(
  (name) => !NOT_SETTABLE.has(name),
);

export function realmUserDefaults(app: App): Record<string, unknown> {
  return { ...BUILT_IN, ...app.store.records.realmUserDefaults.overrides() };
}

/** The settings a new account starts with: the changed defaults that a user row can hold. */
export function newUserSettings(app: App): Record<string, unknown> {
  const overrides = { ...app.store.records.realmUserDefaults.overrides() };
  delete overrides['email_address_visibility'];
  return overrides;
}

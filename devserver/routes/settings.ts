import type { App } from '../app';
import { publishToUser } from '../events/records';
import { publishDeliveryEmailChanges, publishUserUpdate } from '../events/user_events';
import { badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { ApiRoute } from '../http/route';
import { userSettings } from '../register/user_settings';
import type { UserRow } from '../store/rows';
import {
  checkUserSetting,
  LANGUAGE_NAMES,
  LEGACY_DISPLAY_SETTINGS,
  LEGACY_NOTIFICATION_SETTINGS,
  USER_SETTING_TYPES,
} from '../settings/user_properties';
import { EMAIL_VISIBILITY, apiEmail } from '../views/users';

type SettingValue = boolean | number | string;

/** One requested personal setting, read as its type (also used for the new-user defaults). */
export function readSetting(params: Params, name: string): SettingValue | undefined {
  switch (USER_SETTING_TYPES.get(name)) {
    case 'bool':
      return params.bool(name);
    case 'int':
      return params.int(name);
    case 'string':
      return params.string(name);
    default:
      return undefined;
  }
}

/** Zulip's check_full_name: trimmed, 1 to 100 characters, none of the characters it reserves. */
export function checkFullName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0) throw badRequest('Name too short!');
  if ([...name].length > 100) throw badRequest('Name too long!');
  const control = [...name].some((ch) => ch.charCodeAt(0) < 0x20);
  if (control || /[*`\\>"@]/.test(name)) throw badRequest('Invalid characters in name!');
  return name;
}

/**
 * Announces one changed setting: user_settings to the user's clients; the legacy
 * update_display_settings / update_global_notifications only to clients that did not declare
 * user_settings_object (Zulip's Tornado drops them for the others).
 */
function publishSettingChange(app: App, user: UserRow, name: string, value: SettingValue): void {
  const language = name === 'default_language' ? { language_name: LANGUAGE_NAMES[String(value)] ?? '' } : {};
  publishToUser(app, user.id, { type: 'user_settings', op: 'update', property: name, value, ...language });
  const email = apiEmail(user, app.store.realm.get());
  const legacy = (type: string, event: Record<string, unknown>): void =>
    app.queues.publish([user.id], type, (queue) =>
      queue.spec.capabilities['user_settings_object'] === true ? null : { type, user: email, ...event },
    );
  if (LEGACY_DISPLAY_SETTINGS.has(name))
    legacy('update_display_settings', { setting_name: name, setting: value, ...language });
  if (LEGACY_NOTIFICATION_SETTINGS.has(name))
    legacy('update_global_notifications', { notification_name: name, setting: value });
}

export const settingsRoutes: ApiRoute[] = [
  {
    /**
     * PATCH /settings: changes the caller's own settings (any user_settings key, timezone,
     * email_address_visibility) and full_name. Only values that differ are written and announced;
     * visibility changes also update what others see of the caller's addresses.
     */
    method: 'PATCH',
    path: '/settings',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const current = userSettings(user);
      const changes: Array<[string, SettingValue]> = [];
      for (const name of USER_SETTING_TYPES.keys()) {
        const value = readSetting(params, name);
        if (value === undefined) continue;
        checkUserSetting(name, value);
        if (current[name] !== value) changes.push([name, value]);
      }
      const rawName = params.string('full_name');
      const fullName = rawName === undefined ? undefined : checkFullName(rawName);
      const accounts = app.store.records.accounts;
      app.store.transaction(() => {
        const overrides = JSON.parse(user.settings) as Record<string, unknown>;
        for (const [name, value] of changes) {
          if (name === 'timezone') accounts.setTimezone(user.id, String(value));
          else if (name === 'email_address_visibility') accounts.setEmailVisibility(user.id, Number(value));
          else overrides[name] = value;
        }
        accounts.setSettings(user.id, overrides);
        if (fullName !== undefined && fullName !== user.full_name) accounts.setFullName(user.id, fullName);
      });
      const after = app.store.users.byId(user.id)!;
      for (const [name, value] of changes) publishSettingChange(app, after, name, value);
      if (changes.some(([name]) => name === 'timezone')) {
        const email = apiEmail(after, app.store.realm.get());
        publishUserUpdate(app, { user_id: user.id, email, timezone: after.timezone });
      }
      if (changes.some(([name]) => name === 'email_address_visibility')) announceVisibility(app, user, after);
      if (fullName !== undefined && fullName !== user.full_name) {
        publishUserUpdate(app, { user_id: user.id, full_name: fullName });
      }
      // Zulip's server also echoes full_name here; the OpenAPI response admits no such field.
      return {};
    },
  },
];

/**
 * Zulip's API email is the real address only under "everyone" visibility; crossing that line
 * changes it for everybody (new_email), and any change can show or hide the real address.
 */
function announceVisibility(app: App, before: UserRow, after: UserRow): void {
  publishDeliveryEmailChanges(app, before, after);
  const everyone = EMAIL_VISIBILITY.everyone;
  if ((before.email_address_visibility === everyone) !== (after.email_address_visibility === everyone)) {
    publishUserUpdate(app, { user_id: after.id, new_email: apiEmail(after, app.store.realm.get()) });
  }
}

import { publishToRealm } from '../events/records';
import type { ApiRoute } from '../http/route';
import { DEFAULT_SETTING_NAMES, realmUserDefaults } from '../settings/user_defaults';
import { checkUserSetting } from '../settings/user_properties';
import { ROLE } from '../store/rows';
import { adminRequired } from './realm';
import { readSetting } from './settings';

export const userSettingsDefaultsRoutes: ApiRoute[] = [
  {
    /**
     * PATCH /realm/user_settings_defaults: administrators change what new users start with. Every
     * value is checked before any is stored; only values that differ are stored and announced.
     * Names it does not take come back in ignored_parameters_unsupported.
     */
    method: 'PATCH',
    path: '/realm/user_settings_defaults',
    auth: 'user',
    handler: ({ app, user, params }) => {
      if (user.role > ROLE.admin) throw adminRequired();
      const current = realmUserDefaults(app);
      const changes: Array<[string, unknown]> = [];
      for (const name of DEFAULT_SETTING_NAMES) {
        const value = readSetting(params, name);
        if (value === undefined) continue;
        checkUserSetting(name, value);
        if (current[name] !== value) changes.push([name, value]);
      }
      app.store.transaction(() => {
        for (const [name, value] of changes) app.store.records.realmUserDefaults.set(name, value);
      });
      for (const [name, value] of changes) {
        publishToRealm(app, { type: 'realm_user_settings_defaults', op: 'update', property: name, value });
      }
      return {};
    },
  },
];

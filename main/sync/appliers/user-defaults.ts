/** realm_user_settings_defaults events: one default setting for new users changed. */
import type { RealmUserSettingsDefaultsEvent } from '../../api/schemas/record-events';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';
import { USER_DEFAULTS_KEY, storedUserDefaults } from '../convert-user-defaults';

export function applyUserDefaults({ store }: ApplyContext, ev: RealmUserSettingsDefaultsEvent): Delta[] {
  const defaults = storedUserDefaults(store.realm.get(USER_DEFAULTS_KEY));
  store.realm.set(USER_DEFAULTS_KEY, { ...defaults, [ev.property]: ev.value });
  return [{ kind: 'recordsChanged', areas: ['userDefaults'] }];
}

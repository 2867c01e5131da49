/**
 * user_settings events: one setting changed. Turning drafts synchronization off makes the
 * server drop its copies of the user's drafts, so ours stop pointing at them (they stay local
 * and are pushed again if it is turned back on).
 */
import type { UserSettingsEvent } from '../../api/schemas/record-events';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyUserSettings({ store }: ApplyContext, ev: UserSettingsEvent): Delta[] {
  store.userSettings.set(ev.property, ev.value);
  if (ev.property === 'enable_drafts_synchronization') {
    if (ev.value === false) store.drafts.detachAll();
    return [{ kind: 'recordsChanged', areas: ['settings', 'drafts'] }];
  }
  return [{ kind: 'recordsChanged', areas: ['settings'] }];
}

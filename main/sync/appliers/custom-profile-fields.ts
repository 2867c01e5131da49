/** custom_profile_fields events carry the organization's whole field list after any change. */
import type { CustomProfileFieldsEvent } from '../../api/schemas/record-events';
import { toStoredProfileField } from '../convert-records';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyCustomProfileFields({ store }: ApplyContext, ev: CustomProfileFieldsEvent): Delta[] {
  store.profileFields.replaceAll(ev.fields.map(toStoredProfileField));
  return [{ kind: 'recordsChanged', areas: ['profileFields'] }];
}

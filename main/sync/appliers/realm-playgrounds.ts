/** realm_playgrounds events carry the whole set after any change. */
import type { RealmPlaygroundsEvent } from '../../api/schemas/record-events';
import { toStoredPlayground } from '../convert-records';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyRealmPlaygrounds({ store }: ApplyContext, ev: RealmPlaygroundsEvent): Delta[] {
  store.playgrounds.replaceAll(ev.realm_playgrounds.map(toStoredPlayground));
  return [{ kind: 'recordsChanged', areas: ['playgrounds'] }];
}

/** realm_linkifiers events carry the whole list, in the order the linkifiers apply. */
import type { RealmLinkifiersEvent } from '../../api/schemas/record-events';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';
import { LINKIFIERS_KEY, toStoredLinkifiers } from '../convert-linkifiers';

export function applyRealmLinkifiers({ store }: ApplyContext, ev: RealmLinkifiersEvent): Delta[] {
  store.realm.set(LINKIFIERS_KEY, toStoredLinkifiers(ev.realm_linkifiers));
  return [{ kind: 'recordsChanged', areas: ['linkifiers'] }];
}
